import { type FormEvent, useEffect, useEffectEvent, useRef, useState } from "react";
import { Link, useRevalidator } from "react-router";
import type {
  ConversationThread,
  MessageImage,
  ThreadEntry,
} from "../../../contracts/conversations.contract";
import { formatDateTime } from "../../../domain/date-time";
import { titleText } from "../../../domain/display";
import { messageTexts } from "../../../domain/messages";
import { smallPhotoAddress } from "../../../domain/photo-address";
import { Avatar } from "../../components/ui/avatar";
import { ApiError } from "../../lib/api-error";
import { onMessagePushed, setUnread } from "../../lib/message-stream";
import { useTimeZone } from "../../lib/time-zone";
import { ConversationActions } from "./conversation-actions";
import { sendMessage } from "./conversations-api";
import { conversationMessages as m } from "./conversations.messages";
import { MessageComposer, messageOf } from "./message-composer";
import { MessageText } from "./message-text";

/**
 * One conversation: the work it is about, the messages and the offers' and order's
 * events in time order, and the reply box (or why nothing can be sent). A message pushed
 * for this conversation reads the page's data again, without reloading the page; the
 * header's count takes the total left unread from it.
 */
export function ConversationPage({
  thread,
  unread,
}: {
  thread: ConversationThread;
  unread: number;
}) {
  const { conversation, entries } = thread;
  const revalidator = useRevalidator();
  const pushed = useEffectEvent((conversationId: string) => {
    if (conversationId === conversation.id) void revalidator.revalidate();
  });

  // After every read of the page's data, a pushed count for this conversation included.
  useEffect(() => setUnread(unread), [unread, thread]);
  useEffect(() => onMessagePushed((push) => pushed(push.conversationId)), []);

  return (
    <article className="conversation-page" aria-labelledby="conversation-heading">
      <p className="conversation-back">
        <Link to="/profile/messages">{m.allMessages}</Link>
      </p>
      <header className="conversation-header">
        <Avatar
          name={conversation.other.displayName}
          photo={smallPhotoAddress(conversation.other.profilePhoto)}
          size={48}
        />
        <div>
          <h1 id="conversation-heading">{conversation.other.displayName}</h1>
          <ConversationSubject thread={thread} />
        </div>
      </header>
      <ConversationActions thread={thread} onChanged={() => void revalidator.revalidate()} />
      <Thread entries={entries} otherName={conversation.other.displayName} />
      {thread.cannotSend ? (
        <p className="message message-error conversation-closed" role="status">
          {thread.cannotSend}
        </p>
      ) : (
        <ReplyBox
          key={conversation.id}
          conversationId={conversation.id}
          onSent={() => void revalidator.revalidate()}
        />
      )}
    </article>
  );
}

function ConversationSubject({ thread }: { thread: ConversationThread }) {
  const { artwork } = thread.conversation;
  if (!artwork) return <p className="conversation-about">{m.aboutArtist}</p>;
  const title = titleText(artwork.title);
  return (
    <div className="conversation-work">
      {artwork.thumbnail ? (
        <img src={artwork.thumbnail} alt="" width={56} height={56} className="conversation-thumb" />
      ) : null}
      {artwork.id ? <Link to={`/artwork/${artwork.id}`}>{title}</Link> : <span>{title}</span>}
    </div>
  );
}

function Thread({ entries, otherName }: { entries: ThreadEntry[]; otherName: string }) {
  const timeZone = useTimeZone();
  const last = useRef<HTMLLIElement>(null);
  const count = useRef(entries.length);
  // A new entry (sent or pushed) comes into view; opening the page does not scroll.
  useEffect(() => {
    if (entries.length > count.current) last.current?.scrollIntoView({ block: "nearest" });
    count.current = entries.length;
  }, [entries.length]);
  if (entries.length === 0) return <p className="status-text">{m.noMessages}</p>;
  return (
    <ol className="thread" aria-label="Messages">
      {entries.map((entry, index) => {
        const ref = index === entries.length - 1 ? last : undefined;
        const time = (
          <time dateTime={entry.createdAt} className="thread-time">
            {formatDateTime(entry.createdAt, timeZone)}
          </time>
        );
        if (entry.type === "event") {
          return (
            <li key={entry.id} ref={ref} className="thread-event">
              {entry.link ? <Link to={entry.link}>{entry.text}</Link> : <span>{entry.text}</span>}
              {time}
            </li>
          );
        }
        return (
          <li
            key={entry.id}
            ref={ref}
            className={entry.fromMe ? "thread-message from-me" : "thread-message"}
          >
            <span className="visually-hidden">
              {entry.fromMe ? m.fromMe : m.fromThem(otherName)}:
            </span>
            <MessageText text={entry.body} />
            {entry.images.length > 0 ? <MessageImages images={entry.images} /> : null}
            {time}
          </li>
        );
      })}
    </ol>
  );
}

function MessageImages({ images }: { images: MessageImage[] }) {
  return (
    <ul className="message-thumbs">
      {images.map((image, index) => (
        <li key={image.id}>
          <a href={image.original} target="_blank" rel="noopener">
            <img
              src={image.thumbnail}
              alt={m.openPicture(index + 1)}
              width={96}
              height={96}
              loading="lazy"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}

function ReplyBox({ conversationId, onSent }: { conversationId: string; onSent: () => void }) {
  const [text, setText] = useState("");
  const [images, setImages] = useState<MessageImage[]>([]);
  const [sending, setSending] = useState(false);
  const [uploading, setUploading] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    if (!text.trim()) {
      setError(messageTexts.empty);
      textRef.current?.focus();
      return;
    }
    setSending(true);
    setError(null);
    try {
      await sendMessage(conversationId, messageOf(text, images));
      setText("");
      setImages([]);
      onSent();
    } catch (failure) {
      // Held back or refused: the words stay, to be edited and sent again.
      setError(failure instanceof ApiError ? failure.message : m.sendFailed);
    } finally {
      setSending(false);
      textRef.current?.focus();
    }
  }

  return (
    <form className="reply-box stack" noValidate onSubmit={(event) => void send(event)}>
      <MessageComposer
        onUploading={setUploading}
        label={m.replyLabel}
        text={text}
        onText={(value) => {
          setText(value);
          setError(null);
        }}
        images={images}
        onImages={setImages}
        pictures
        disabled={sending}
        error={error}
        textRef={textRef}
      />
      <div className="reply-actions">
        <button type="submit" className="button button-primary" disabled={sending || uploading > 0}>
          {sending ? m.sending : m.send}
        </button>
      </div>
    </form>
  );
}
