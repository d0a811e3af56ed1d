import { type ReactNode, type RefObject, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { FormError, FormNotice } from "../../components/ui/form-message";

/** What a console action answers (admin.server.ts `runAdminAction`). */
export type AdminActionResult = { ok: true; message: string } | { ok: false; error: string };

/**
 * A console action as a small form: its fields (`children`, e.g. a reason) and a submit
 * button. With `confirm`, the button first asks in a dialog (destructive actions); the
 * answer is shown beside the form. Without JavaScript the form posts as it is.
 */
export function ActionForm({
  intent,
  label,
  busyLabel = label,
  confirm,
  tone = "primary",
  children,
  hidden,
  resetOnSuccess = false,
  showNotice = true,
  noticeKey,
}: {
  /** The action's name, sent as the `intent` field. */
  intent: string;
  label: string;
  busyLabel?: string;
  /** When set, the question the dialog asks before the form is sent. */
  confirm?: { title: string; body: ReactNode; confirmLabel: string };
  tone?: "primary" | "danger";
  children?: ReactNode;
  /** Extra fields sent with the form (ids). */
  hidden?: Record<string, string>;
  /** Empty the fields once the action succeeded (an "add" form), so a second press adds nothing twice. */
  resetOnSuccess?: boolean;
  /** False when the page shows the success notice itself (the form may be gone after it). */
  showNotice?: boolean;
  /**
   * The page's name for the answers of this kind of action (`useLatestNotice(noticeKey)`):
   * the forms that share it share one fetcher, which the page keeps, so the answer
   * outlives the form that asked (a decided application's card leaves the list).
   */
  noticeKey?: string;
}) {
  const fetcher = useFetcher<AdminActionResult>(noticeKey ? { key: noticeKey } : undefined);
  const formRef = useRef<HTMLFormElement>(null);
  const [asking, setAsking] = useState(false);
  // With a shared fetcher, this form is busy, and shows an answer, only if it asked last.
  const [submission, setSubmission] = useState(0);
  const mine = !noticeKey || (submission !== 0 && lastSubmission.get(noticeKey) === submission);
  const submitted = () => {
    if (!noticeKey) return;
    const id = ++submissions;
    lastSubmission.set(noticeKey, id);
    setSubmission(id);
  };
  const busy = mine && fetcher.state !== "idle";
  const result = mine ? fetcher.data : undefined;
  useEffect(() => {
    if (resetOnSuccess && fetcher.state === "idle" && result?.ok) formRef.current?.reset();
  }, [resetOnSuccess, fetcher.state, result]);
  const invalid = useSiteValidation(formRef);
  return (
    <fetcher.Form
      method="post"
      ref={formRef}
      className="admin-action"
      onSubmit={(event) => {
        if (confirm && !asking) {
          event.preventDefault();
          if (formRef.current?.checkValidity()) setAsking(true);
          return;
        }
        submitted();
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
      <FormError message={invalid} />
      <button
        type="submit"
        className={`button${tone === "danger" ? " button-danger" : " button-primary"}`}
        disabled={busy}
      >
        {busy ? busyLabel : label}
      </button>
      {result?.ok && showNotice ? <FormNotice message={result.message} /> : null}
      {result && !result.ok ? <FormError message={result.error} /> : null}
      {asking && confirm ? (
        <ConfirmDialog
          title={confirm.title}
          confirmLabel={confirm.confirmLabel}
          tone={tone}
          busy={busy}
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            submitted();
            if (formRef.current) void fetcher.submit(formRef.current);
          }}
        >
          {confirm.body}
        </ConfirmDialog>
      ) : null}
    </fetcher.Form>
  );
}

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

function isControl(target: EventTarget | null): target is Control {
  return (
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
}

/** What a control that the browser finds invalid says, in the site's words. */
function invalidMessage(control: Control): string | null {
  // A field that sets its own error (setCustomValidity) already shows it beside itself.
  if (control.validity.customError) return null;
  const label = control.labels?.[0]?.textContent?.trim();
  if (control.validity.valueMissing) {
    return (
      control.dataset.missing ??
      (label ? `Please fill in “${label}”.` : "Please fill in this field.")
    );
  }
  return control.validationMessage || null;
}

/**
 * The browser's own validation bubbles, replaced by the site's error style: the form's
 * `invalid` events (sent for each invalid field when it is checked or sent) are
 * cancelled, which stops the bubble; the first invalid field is focused and marked
 * aria-invalid, and its message is returned to be shown, announced, under the fields.
 * Without JavaScript the browser's own check still stops the form.
 */
function useSiteValidation(formRef: RefObject<HTMLFormElement | null>): string | null {
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    let found: Control[] = [];
    function onInvalid(event: Event) {
      if (!isControl(event.target)) return;
      event.preventDefault();
      found.push(event.target);
      // One check sends one event per invalid field; answer once, for the first.
      if (found.length > 1) return;
      queueMicrotask(() => {
        const first = found[0];
        found = [];
        if (!first) return;
        first.setAttribute("aria-invalid", "true");
        first.focus();
        setMessage(invalidMessage(first));
      });
    }
    function onInput(event: Event) {
      if (!isControl(event.target) || event.target.validity.customError) return;
      if (event.target.getAttribute("aria-invalid") === "true") {
        event.target.removeAttribute("aria-invalid");
      }
      setMessage(null);
    }
    form.addEventListener("invalid", onInvalid, true);
    form.addEventListener("input", onInput, true);
    return () => {
      form.removeEventListener("invalid", onInvalid, true);
      form.removeEventListener("input", onInput, true);
    };
  }, [formRef]);
  return message;
}

/** Which submission of each shared fetcher was the last (one page's forms at a time). */
const lastSubmission = new Map<string, number>();
let submissions = 0;

/**
 * The answer of the latest successful console action of the forms that share `noticeKey`,
 * kept once seen: the form that made it may be gone after the page reloads (a decided
 * application's card, a fully refunded order's refund form), so the page shows it at its
 * top. Read from the shared fetcher the page itself holds, not from the fetchers in
 * flight: React Router's updates are transitions, and on a busy device React may render
 * only the last of them (the fetcher idle again, its form gone), never the one in between.
 */
export function useLatestNotice(noticeKey: string): string | null {
  const fetcher = useFetcher<AdminActionResult>({ key: noticeKey });
  const latest = fetcher.data?.ok ? fetcher.data.message : null;
  const [notice, setNotice] = useState<string | null>(null);
  if (latest !== null && latest !== notice) setNotice(latest);
  return latest ?? notice;
}
