import { type AppLoadContext, data, redirect } from "react-router";
import {
  type ClosureBlockers,
  type DataExport,
  closeAccountBodySchema,
} from "../../../contracts/data-rights.contract";
import { ACCOUNT_CLOSED_PATH } from "../../../domain/account-closed";
import { dataRightsMessages } from "../../../domain/data-rights";
import { actionError } from "../../lib/loader-errors.server";
import { readForm } from "../../lib/read-form.server";
import { validInput } from "../../lib/valid-input.server";

/** The settings page's "Your data" and "Delete my account" (decision 0058). */

export const DATA_RIGHTS_INTENTS = ["request-export", "close-account"] as const;

/** `form`: which of the two sections answers (its message is shown there). */
export type DataRightsActionResult =
  | { ok: true; intent: "data-rights"; form: "export" | "close"; message: string }
  | { ok: false; intent: "data-rights"; form: "export" | "close"; error: string };

export type DataRightsData = {
  dataExport: DataExport | null;
  closure: { blockers: ClosureBlockers; open: boolean };
} | null;

/** The export's state and what keeps the account open; null when it could not be read. */
export async function loadDataRights(
  context: AppLoadContext,
  request: Request,
): Promise<DataRightsData> {
  const viewer = await context.services.auth.getSessionUser(request.headers);
  if (!viewer) return null;
  try {
    const { dataRights } = context.services;
    return {
      dataExport: await dataRights.currentExport(viewer.id),
      closure: await dataRights.closureBlockers(viewer.id),
    };
  } catch (error) {
    context.services.logger.error("The data rights section could not be read", { error });
    return null;
  }
}

/** True when the form is one of this section's (read from a copy of the request). */
export async function isDataRightsForm(request: Request): Promise<boolean> {
  const intent = (await readForm(request.clone())).get("intent");
  return (DATA_RIGHTS_INTENTS as readonly unknown[]).includes(intent);
}

export async function dataRightsAction(context: AppLoadContext, request: Request) {
  const form = await readForm(request);
  const which = form.get("intent") === "close-account" ? "close" : "export";
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  try {
    const viewer = await context.services.auth.getSessionUser(request.headers);
    if (!viewer) throw redirect("/signin?next=%2Fprofile%2Fsettings");
    if (form.get("intent") === "close-account") {
      // The box ticked is the confirmation (a form sent without it closes nothing).
      if (form.get("confirm") !== "yes") {
        return data<DataRightsActionResult>(
          {
            ok: false,
            intent: "data-rights",
            form: "close",
            error: dataRightsMessages.confirmRequired,
          },
          { status: 400 },
        );
      }
      await context.services.dataRights.closeAccount(
        viewer.id,
        validInput(closeAccountBodySchema, { password: text("password"), code: text("code") }),
      );
      // Every session is gone with the account: the home page, signed out.
      throw redirect(ACCOUNT_CLOSED_PATH);
    }
    await context.services.dataRights.requestExport(viewer.id);
    return data<DataRightsActionResult>({
      ok: true,
      intent: "data-rights",
      form: "export",
      message: dataRightsMessages.exportQueued,
    });
  } catch (error) {
    if (error instanceof Response) throw error;
    const refusal = actionError(context, error, {
      fallback: "That could not be done. Please try again.",
      log: "A data export or account closure failed",
    });
    return data<DataRightsActionResult>(
      { ok: false, intent: "data-rights", form: which, error: refusal.data.error },
      refusal.init ?? { status: 500 },
    );
  }
}
