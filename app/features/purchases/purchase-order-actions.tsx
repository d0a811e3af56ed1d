import { Form } from "react-router";
import type { PurchaseDetail } from "../../../contracts/orders.contract";
import { MAX_PROBLEM_NOTE } from "../../../contracts/purchases.values";
import { PROBLEM_KINDS, PROBLEM_KIND_LABELS } from "../../../domain/orders";
import { FormError } from "../../components/ui/form-message";
import { purchasesMessages as m } from "./purchases.messages";

export const CONFIRM_RECEIPT_INTENT = "confirm-receipt";
export const REPORT_PROBLEM_INTENT = "report-problem";
export type OrderIntent = typeof CONFIRM_RECEIPT_INTENT | typeof REPORT_PROBLEM_INTENT;

/** A move the server refused, with what the buyer had typed (shown again, also without JS). */
export type OrderActionResult = {
  ok: false;
  intent: OrderIntent | null;
  error: string;
  values?: { kind: string; note: string };
};

/**
 * "Confirm receipt" once the work is shipped, and "Report a problem" while the window
 * is open: plain forms posted to the page's action, so they work before (or without)
 * JavaScript; with it, the page updates in place.
 */
export function OrderActions({
  order,
  result,
  busy,
}: {
  order: PurchaseDetail;
  result?: OrderActionResult;
  busy: string | null;
}) {
  const errorFor = (intent: OrderIntent) => (result?.intent === intent ? result.error : null);
  // A refusal whose form is gone (the order moved on meanwhile) is still said.
  const orphan =
    result &&
    !(result.intent === CONFIRM_RECEIPT_INTENT && order.mayConfirmReceipt) &&
    !(result.intent === REPORT_PROBLEM_INTENT && order.mayReportProblem);
  if (!order.mayConfirmReceipt && !order.mayReportProblem) {
    return orphan ? <FormError message={result.error} /> : null;
  }
  return (
    <>
      {orphan ? <FormError message={result.error} /> : null}
      {order.mayConfirmReceipt ? (
        <section className="order-section" aria-labelledby="order-receipt-heading">
          <h2 id="order-receipt-heading">Has the work arrived?</h2>
          <p>
            Please confirm receipt once you have it. If something is wrong, report a problem
            instead.
          </p>
          <Form method="post" className="order-form">
            <input type="hidden" name="intent" value={CONFIRM_RECEIPT_INTENT} />
            <FormError message={errorFor(CONFIRM_RECEIPT_INTENT)} />
            <button
              type="submit"
              className="button button-primary"
              disabled={busy === CONFIRM_RECEIPT_INTENT}
            >
              {busy === CONFIRM_RECEIPT_INTENT ? m.confirming : m.confirmReceipt}
            </button>
          </Form>
        </section>
      ) : null}
      {order.mayReportProblem ? (
        <ReportProblemForm
          key={result ? `${result.intent}:${result.error}` : "fresh"}
          error={errorFor(REPORT_PROBLEM_INTENT)}
          values={result?.intent === REPORT_PROBLEM_INTENT ? result.values : undefined}
          busy={busy === REPORT_PROBLEM_INTENT}
        />
      ) : null}
    </>
  );
}

function ReportProblemForm({
  error,
  values,
  busy,
}: {
  error: string | null;
  values?: { kind: string; note: string };
  busy: boolean;
}) {
  return (
    <section className="order-section" aria-labelledby="order-report-heading">
      <h2 id="order-report-heading">{m.reportProblem}</h2>
      <Form method="post" className="order-form stack">
        <input type="hidden" name="intent" value={REPORT_PROBLEM_INTENT} />
        <fieldset className="field choice-group">
          <legend>{m.whatWentWrong}</legend>
          {PROBLEM_KINDS.map((kind) => (
            <label key={kind} className="choice">
              <input
                type="radio"
                name="kind"
                value={kind}
                required
                defaultChecked={values?.kind === kind}
              />
              <span>{PROBLEM_KIND_LABELS[kind]}</span>
            </label>
          ))}
        </fieldset>
        <label className="field">
          <span>{m.noteLabel}</span>
          <textarea
            name="note"
            rows={4}
            maxLength={MAX_PROBLEM_NOTE}
            defaultValue={values?.note ?? ""}
          />
          <small>{m.noteHint}</small>
        </label>
        <FormError message={error} />
        <p>
          <button type="submit" className="button" disabled={busy}>
            {busy ? m.reporting : m.reportProblem}
          </button>
        </p>
      </Form>
    </section>
  );
}
