import { type AppLoadContext, data, redirect } from "react-router";
import { reportProblemBodySchema } from "../../../contracts/purchases.contract";
import { isAppError } from "../../../server/errors";
import { failureOf, loadErrorResponse } from "../../lib/loader-errors.server";
import { readForm } from "../../lib/read-form.server";
import { requireUser } from "../../lib/require-user.server";
import { validInput } from "../../lib/valid-input.server";
import {
  CONFIRM_RECEIPT_INTENT,
  type OrderActionResult,
  type OrderIntent,
  REPORT_PROBLEM_INTENT,
} from "./purchase-order-actions";
import { DONE_PARAM, DONE_RECEIVED, DONE_REPORTED } from "./purchase-order-notice";
import { purchasesMessages as m } from "./purchases.messages";

/** The page a buyer who may not see the order gets: the 404 page, as for any unknown address. */
function notFound() {
  return data(null, { status: 404, statusText: "Not Found" });
}

/**
 * `/profile/purchases/:orderId`: signed out → /signin; an order that is not the
 * viewer's own (or no order) → the 404 page.
 */
export async function loadPurchaseOrder(
  context: AppLoadContext,
  request: Request,
  orderId: string,
) {
  const user = await requireUser(request, context);
  try {
    const order = await context.services.purchases.get(user.id, orderId);
    // The order's return (decision 0055): its policy, or where the return stands.
    const returnState = await context.services.returns.state(
      { id: user.id, role: "buyer" },
      orderId,
    );
    return { order, review: await reviewOf(context, user.id, order.id), returnState };
  } catch (error) {
    if (isAppError(error) && error.status === 404) throw notFound();
    throw loadErrorResponse(context.services.logger, error, {
      fallback: m.orderFailed,
      log: "A buyer's order page failed to load",
      details: { orderId },
    });
  }
}

/** The buyer's review of the order (decision 0056); a failure shows no review part, not no page. */
async function reviewOf(context: AppLoadContext, buyerId: string, orderId: string) {
  try {
    return await context.services.reviews.ofOrder(buyerId, orderId);
  } catch (error) {
    context.services.logger.error("An order's review failed to load", { error, orderId });
    return null;
  }
}

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/**
 * The order page's forms, through the same contract and services as the API. A move
 * that succeeded redirects back with `?done=` (a reload does not send it again); a
 * refusal answers its text and status, with what was typed.
 */
export async function purchaseOrderAction(
  context: AppLoadContext,
  request: Request,
  orderId: string,
) {
  const user = await requireUser(request, context);
  const form = await readForm(request);
  const intent = text(form, "intent");
  // A browser sends a textarea's line breaks as CRLF; count them as the field did.
  const values = { kind: text(form, "kind"), note: text(form, "note").replace(/\r\n/g, "\n") };
  const page = `/profile/purchases/${encodeURIComponent(orderId)}`;
  try {
    if (intent === CONFIRM_RECEIPT_INTENT) {
      await context.services.purchases.confirmReceipt(user.id, orderId);
      return redirect(`${page}?${DONE_PARAM}=${DONE_RECEIVED}`);
    }
    if (intent === REPORT_PROBLEM_INTENT) {
      const body = validInput(reportProblemBodySchema, {
        kind: values.kind,
        note: values.note,
      });
      await context.services.purchases.reportProblem(user.id, orderId, body);
      return redirect(`${page}?${DONE_PARAM}=${DONE_REPORTED}`);
    }
    return refusal(intent, 400, m.unknownAction, values);
  } catch (error) {
    if (isAppError(error) && error.status === 404) throw notFound();
    const { status, message } = failureOf(context.services.logger, error, {
      fallback: m.actionFailed,
      log: "A buyer's order action failed",
      details: { orderId, intent },
    });
    return refusal(intent, status, message, values);
  }
}

function refusal(
  intent: string,
  status: number,
  error: string,
  values: { kind: string; note: string },
) {
  const known: OrderIntent | null =
    intent === CONFIRM_RECEIPT_INTENT || intent === REPORT_PROBLEM_INTENT ? intent : null;
  const result: OrderActionResult = { ok: false, intent: known, error, values };
  return data(result, { status });
}
