import { type ReactNode, useEffect, useRef, useState } from "react";
import { useFetcher, useFetchers } from "react-router";
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
}) {
  const fetcher = useFetcher<AdminActionResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const [asking, setAsking] = useState(false);
  const busy = fetcher.state !== "idle";
  const result = fetcher.data;
  useEffect(() => {
    if (resetOnSuccess && fetcher.state === "idle" && result?.ok) formRef.current?.reset();
  }, [resetOnSuccess, fetcher.state, result]);
  return (
    <fetcher.Form
      method="post"
      ref={formRef}
      className="admin-action"
      onSubmit={(event) => {
        if (confirm && !asking) {
          event.preventDefault();
          if (formRef.current?.reportValidity()) setAsking(true);
        }
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
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
            if (formRef.current) void fetcher.submit(formRef.current);
          }}
        >
          {confirm.body}
        </ConfirmDialog>
      ) : null}
    </fetcher.Form>
  );
}

/**
 * The answer of the latest successful console action among `intents`, kept once seen: the
 * form that made it may be gone after the page reloads (a decided application's card, a
 * fully refunded order's refund form), so the page shows it at its top.
 */
export function useLatestNotice(intents: ReadonlySet<string>): string | null {
  const fetchers = useFetchers();
  let latest: string | null = null;
  for (const fetcher of fetchers) {
    const intent = fetcher.formData?.get("intent");
    const data: unknown = fetcher.data;
    if (
      typeof intent === "string" &&
      intents.has(intent) &&
      data &&
      typeof data === "object" &&
      "ok" in data &&
      data.ok === true &&
      "message" in data &&
      typeof data.message === "string"
    ) {
      latest = data.message;
    }
  }
  const [notice, setNotice] = useState<string | null>(null);
  if (latest !== null && latest !== notice) setNotice(latest);
  return latest ?? notice;
}
