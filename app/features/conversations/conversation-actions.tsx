import { type FormEvent, useId, useRef, useState } from "react";
import type { ConversationThread } from "../../../contracts/conversations.contract";
import { MAX_REPORT_REASON_LENGTH, messageTexts } from "../../../domain/messages";
import { ModalDialog } from "../../components/ui/modal-dialog";
import { ApiError } from "../../lib/api-error";
import { reportConversation, setBlocked } from "./conversations-api";
import { conversationMessages as m } from "./conversations.messages";

/**
 * Block (or Unblock) the other person, and Report the conversation with a reason. Each
 * reads the page's data again when done; what happened is said in a status line.
 */
export function ConversationActions({
  thread,
  onChanged,
}: {
  thread: ConversationThread;
  onChanged: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reporting, setReporting] = useState(false);
  const hintId = useId();
  const id = thread.conversation.id;

  async function toggleBlock() {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      await setBlocked(id, !thread.blockedByMe);
      onChanged();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : m.actionFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="conversation-actions">
      <button
        type="button"
        className="button button-small"
        disabled={busy}
        aria-describedby={thread.blockedByMe ? undefined : hintId}
        onClick={() => void toggleBlock()}
      >
        {thread.blockedByMe ? m.unblock : m.block}
      </button>
      {thread.reported ? (
        notice === m.reportDone ? null : (
          <span className="hint">{m.reported}</span>
        )
      ) : (
        <button
          type="button"
          className="button button-small"
          aria-haspopup="dialog"
          onClick={() => setReporting(true)}
        >
          {m.report}
        </button>
      )}
      {thread.blockedByMe ? null : (
        <span id={hintId} className="hint">
          {m.blockHint}
        </span>
      )}
      <p className="conversation-actions-status" role="status">
        {notice}
      </p>
      {error ? (
        <p className="message message-error" role="alert">
          {error}
        </p>
      ) : null}
      {reporting ? (
        <ReportDialog
          conversationId={id}
          onClose={() => setReporting(false)}
          onDone={() => {
            setReporting(false);
            setNotice(m.reportDone);
            onChanged();
          }}
        />
      ) : null}
    </div>
  );
}

function ReportDialog({
  conversationId,
  onClose,
  onDone,
}: {
  conversationId: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const titleId = useId();
  const reasonId = useId();
  const errorId = useId();
  const [reason, setReason] = useState("");
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    if (!reason.trim()) {
      setError(messageTexts.reasonRequired);
      reasonRef.current?.focus();
      return;
    }
    setSending(true);
    setError(null);
    try {
      await reportConversation(conversationId, reason);
      onDone();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : m.actionFailed);
      setSending(false);
    }
  }

  return (
    <ModalDialog labelledBy={titleId} onClose={onClose} closeOnBackdrop={!sending}>
      <h2 id={titleId}>{m.reportTitle}</h2>
      <form className="stack" noValidate onSubmit={(event) => void send(event)}>
        <div className="field">
          <label htmlFor={reasonId}>{m.reportLabel}</label>
          <textarea
            ref={reasonRef}
            id={reasonId}
            rows={4}
            maxLength={MAX_REPORT_REASON_LENGTH}
            value={reason}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setError(null);
            }}
          />
        </div>
        {error ? (
          <p id={errorId} className="message message-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="dialog-actions">
          <button type="button" className="button" disabled={sending} onClick={onClose}>
            {m.cancel}
          </button>
          <button type="submit" className="button button-primary" disabled={sending}>
            {m.reportSend}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
