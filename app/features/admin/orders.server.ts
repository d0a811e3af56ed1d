import type { AppLoadContext } from "react-router";
import {
  cancelBodySchema,
  closeProblemBodySchema,
  refundBodySchema,
  returnSettingsBodySchema,
  settingsBodySchema,
} from "../../../contracts/admin-orders.contract";
import { parseDollars, parsePercent } from "../../../domain/money-input";
import { AppError } from "../../../server/errors";
import { validInput } from "../../lib/valid-input.server";
import { type AdminIntent, field } from "./admin.server";

/** The refund form's amount: "Refund everything" sends none; "part" sends dollars, parsed to cents. */
function refundAmount(form: FormData): number | undefined {
  if (field(form, "scope") !== "part") return undefined;
  const parsed = parseDollars(field(form, "amount"));
  if (!parsed.ok) throw new AppError("VALIDATION_FAILED", 400, parsed.error);
  return parsed.value;
}

/** The order page's actions, through the same contracts the JSON routes validate with. */
export function orderIntents(
  context: AppLoadContext,
  orderId: string,
): Record<string, AdminIntent> {
  const { teamOrders } = context.services;
  return {
    refund: async (form, admin) =>
      (
        await teamOrders.refund(
          admin,
          orderId,
          validInput(refundBodySchema, {
            amount: refundAmount(form),
            reason: field(form, "reason"),
          }),
        )
      ).message,
    "close-problem": async (form, admin) =>
      (
        await teamOrders.closeProblem(
          admin,
          orderId,
          validInput(closeProblemBodySchema, { note: field(form, "note") }),
        )
      ).message,
    cancel: async (form, admin) =>
      (
        await teamOrders.cancel(
          admin,
          orderId,
          validInput(cancelBodySchema, { reason: field(form, "reason") }),
        )
      ).message,
  };
}

/** The settings page's action: the commission typed as a percent, saved in basis points. */
export function settingsIntents(context: AppLoadContext): Record<string, AdminIntent> {
  return {
    commission: async (form, admin) => {
      const parsed = parsePercent(field(form, "commission"));
      if (!parsed.ok) throw new AppError("VALIDATION_FAILED", 400, parsed.error);
      const body = validInput(settingsBodySchema, { commissionBps: parsed.value });
      return (await context.services.settings.setCommission(admin, body)).message;
    },
    returns: async (form, admin) => {
      const typed = field(form, "returnWindowDays").trim();
      const days = /^\d{1,3}$/.test(typed) ? Number(typed) : Number.NaN;
      const body = validInput(returnSettingsBodySchema, { returnWindowDays: days });
      return (await context.services.settings.setReturnWindow(admin, body)).message;
    },
  };
}
