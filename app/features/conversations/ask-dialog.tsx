import { type FormEvent, type ReactNode, useId, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import type { MessageImage } from "../../../contracts/conversations.contract";
import type { ArtworkDetail } from "../../../contracts/artworks.contract";
import { titleText } from "../../../domain/display";
import { SUGGESTED_QUESTIONS, messageTexts } from "../../../domain/messages";
import { safeRedirectPath, signInPath } from "../../../domain/safe-path";
import { ModalDialog } from "../../components/ui/modal-dialog";
import { ApiError } from "../../lib/api-error";
import { OPEN_PARAM } from "../../lib/panel-asked-early";
import { useSessionUser } from "../../lib/session-user";
import { readAskDraft, saveAskDraft } from "./ask-draft";
import { type AskAbout, startConversation } from "./conversations-api";
import { conversationMessages as m } from "./conversations.messages";
import { MessageComposer, messageOf } from "./message-composer";

/** The `?open=` value that opens the ask dialog (a visitor comes back to it after signing in). */
const ASK_PANEL = "ask";

/**
 * "Ask the artist" (a work's page) and "Message the artist" (an artist's page): the first
 * message of a conversation, or the next one of the conversation there already is. A
 * visitor writes too, then signs in or signs up and comes back here with the dialog open
 * and the words kept (ask-draft.ts). On success, the conversation's page.
 */
function AskDialog({
  about,
  title,
  subject,
  suggestions,
  onClose,
}: {
  about: AskAbout;
  title: string;
  subject: ReactNode;
  suggestions: readonly string[];
  onClose: () => void;
}) {
  const titleId = useId();
  const user = useSessionUser();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [text, setText] = useState(() => readAskDraft(about));
  const [images, setImages] = useState<MessageImage[]>([]);
  const [sending, setSending] = useState(false);
  const [uploading, setUploading] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const back = `${pathname}?${OPEN_PARAM}=${ASK_PANEL}`;
  const next = safeRedirectPath(back);

  function change(value: string) {
    setText(value);
    setError(null);
    saveAskDraft(about, value);
  }

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!user || sending) return;
    if (!text.trim()) {
      setError(messageTexts.empty);
      textRef.current?.focus();
      return;
    }
    setSending(true);
    setError(null);
    try {
      const sent = await startConversation(about, messageOf(text, images));
      saveAskDraft(about, "");
      await navigate(`/profile/messages/${sent.conversationId}`);
    } catch (failure) {
      // Held back (contact details before a sale) or refused: the words stay to be edited.
      setError(failure instanceof ApiError ? failure.message : m.sendFailed);
      setSending(false);
      textRef.current?.focus();
    }
  }

  return (
    <ModalDialog
      className="ask-dialog"
      labelledBy={titleId}
      closeOnBackdrop={!sending}
      onClose={() => {
        if (!sending) onClose();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      <div className="ask-subject">{subject}</div>
      <form className="stack" noValidate onSubmit={(event) => void send(event)}>
        <MessageComposer
          onUploading={setUploading}
          label={m.messageLabel}
          text={text}
          onText={change}
          images={images}
          onImages={setImages}
          suggestions={suggestions}
          pictures={user !== null}
          disabled={sending}
          error={error}
          textRef={textRef}
        />
        {user ? (
          <div className="dialog-actions">
            <button type="button" className="button" disabled={sending} onClick={onClose}>
              {m.cancel}
            </button>
            <button
              type="submit"
              className="button button-primary"
              disabled={sending || uploading > 0}
            >
              {sending ? m.sending : m.send}
            </button>
          </div>
        ) : (
          <>
            <p className="hint">{m.signInWhy}</p>
            <div className="dialog-actions ask-sign-in">
              <button type="button" className="button" onClick={onClose}>
                {m.cancel}
              </button>
              <Link to={`/signup?next=${encodeURIComponent(next)}`} className="button">
                {m.signUpToSend}
              </Link>
              <Link to={signInPath(next)} className="button button-primary">
                {m.signInToSend}
              </Link>
            </div>
          </>
        )}
      </form>
    </ModalDialog>
  );
}

/** Ask the artist about this work (the artwork page's panel; the route gives it). */
export function ArtworkAskDialog({
  artwork,
  artistName,
  onClose,
}: {
  artwork: ArtworkDetail;
  artistName: string;
  onClose: () => void;
}) {
  const thumbnail = artwork.imageThumbnail || artwork.imageMedium;
  return (
    <AskDialog
      about={{ artworkId: artwork.id }}
      title={m.askTitle}
      suggestions={SUGGESTED_QUESTIONS}
      onClose={onClose}
      subject={
        <>
          {thumbnail ? <img src={thumbnail} alt="" width={56} height={56} /> : null}
          <p>
            <strong>{titleText(artwork.title)}</strong>
            <br />
            {artistName}
          </p>
        </>
      }
    />
  );
}

/** Message the artist from their page: a conversation about the artist, not one work. */
export function ArtistAskDialog({
  artistId,
  artistName,
  onClose,
}: {
  artistId: string;
  artistName: string;
  onClose: () => void;
}) {
  return (
    <AskDialog
      about={{ artistId }}
      title={m.messageTitle}
      suggestions={[]}
      onClose={onClose}
      subject={<p>{artistName}</p>}
    />
  );
}
