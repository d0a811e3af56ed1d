import { useRef, useState } from "react";
import { Form, useSubmit } from "react-router";
import type { PurchaseDetail } from "../../../contracts/orders.contract";
import { MAX_PROBLEM_NOTE } from "../../../contracts/purchases.values";
import { PROBLEM_KINDS, PROBLEM_KIND_LABELS } from "../../../domain/orders";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
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
          <ConfirmReceiptForm
            error={errorFor(CONFIRM_RECEIPT_INTENT)}
            busy={busy === CONFIRM_RECEIPT_INTENT}
          />
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

/**
 * Confirming receipt marks the work delivered and cannot be taken back, so the button asks
 * first. The form is still a plain form, so it also works before (or without) JavaScript.
 */
function ConfirmReceiptForm({ error, busy }: { error: string | null; busy: boolean }) {
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const [asking, setAsking] = useState(false);
  return (
    <Form
      ref={form}
      method="post"
      className="order-form"
      onSubmit={(event) => {
        event.preventDefault();
        setAsking(true);
      }}
    >
      <input type="hidden" name="intent" value={CONFIRM_RECEIPT_INTENT} />
      <FormError message={error} />
      <button
        type="submit"
        className="button button-primary"
        aria-haspopup="dialog"
        disabled={busy}
      >
        {busy ? m.confirming : m.confirmReceipt}
      </button>
      {asking ? (
        <ConfirmDialog
          title={m.confirmReceiptTitle}
          confirmLabel={m.confirmReceiptYes}
          tone="primary"
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            if (form.current) void submit(form.current);
          }}
        >
          {m.confirmReceiptQuestion}
        </ConfirmDialog>
      ) : null}
    </Form>
  );
}

/**
 * Collapsed until opened (a native disclosure, so also before JavaScript): most buyers
 * never need it. It opens by itself to show a refusal with what was typed.
 */
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
    <details className="order-section order-disclosure" open={Boolean(error || values)}>
      <summary>
        <h2>{m.reportProblem}</h2>
      </summary>
      <Form method="post" className="order-form stack" aria-label={m.reportProblem}>
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
    </details>
  );
}
