import { useEffect, useEffectEvent, useState } from "react";
import { Link, useRevalidator } from "react-router";
import type { ConversationSummary, Inbox } from "../../../contracts/conversations.contract";
import { formatDateTime } from "../../../domain/date-time";
import { titleText } from "../../../domain/display";
import { smallPhotoAddress } from "../../../domain/photo-address";
import { Avatar } from "../../components/ui/avatar";
import { ApiError } from "../../lib/api-error";
import { onMessagePushed } from "../../lib/message-stream";
import { useTimeZone } from "../../lib/time-zone";
import { inboxPage } from "./conversations-api";
import { conversationMessages as m } from "./conversations.messages";

/**
 * `/profile/messages`: the signed-in person's conversations, newest first: who with, the
 * work (or "About the artist"), the last message, when, and how many are unread. Load
 * more reads the next page after the last one shown. A pushed message reads the first
 * page again, so the conversation it belongs to comes to the top without a reload.
 */
export function InboxPage({ inbox }: { inbox: Inbox }) {
  const revalidator = useRevalidator();
  const pushed = useEffectEvent(() => void revalidator.revalidate());
  useEffect(() => onMessagePushed(() => pushed()), []);
  const [more, setMore] = useState<{ conversations: ConversationSummary[]; next: string | null }>({
    conversations: [],
    next: inbox.nextCursor,
  });
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A conversation may move to the top between two pages: shown once, where first seen.
  const seen = new Set(inbox.conversations.map((c) => c.id));
  const rows = [...inbox.conversations, ...more.conversations.filter((c) => !seen.has(c.id))];

  async function loadMore() {
    if (!more.next || loading) return;
    setLoading(true);
    setError(null);
    try {
      const page = await inboxPage(more.next);
      setMore((current) => ({
        conversations: [...current.conversations, ...page.conversations],
        next: page.nextCursor,
      }));
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : m.inboxFailed);
    } finally {
      setLoading(false);
    }
  }

  return (
    <section className="inbox-page" aria-labelledby="inbox-heading">
      <h1 id="inbox-heading">{m.inboxTitle}</h1>
      {rows.length === 0 ? (
        <p className="status-text">{m.inboxEmpty}</p>
      ) : (
        <ol className="inbox-list">
          {rows.map((conversation) => (
            <InboxRow key={conversation.id} conversation={conversation} />
          ))}
        </ol>
      )}
      {error ? (
        <p className="message message-error" role="alert">
          {error}
        </p>
      ) : null}
      {more.next ? (
        <p className="inbox-more">
          <button
            type="button"
            className="button"
            disabled={loading}
            onClick={() => void loadMore()}
          >
            {loading ? m.loadingMore : m.loadMore}
          </button>
        </p>
      ) : null}
      <p className="visually-hidden" role="status">
        {loading ? m.loadingMore : ""}
      </p>
    </section>
  );
}

function InboxRow({ conversation }: { conversation: ConversationSummary }) {
  const timeZone = useTimeZone();
  const { other, artwork, unread } = conversation;
  const about = artwork ? titleText(artwork.title) : m.aboutArtist;
  return (
    <li className={unread > 0 ? "inbox-row is-unread" : "inbox-row"}>
      <Link to={`/profile/messages/${conversation.id}`} className="inbox-link">
        <Avatar name={other.displayName} photo={smallPhotoAddress(other.profilePhoto)} size={44} />
        <span className="inbox-text">
          <span className="inbox-top">
            <span className="inbox-name">{other.displayName}</span>
            {unread > 0 ? <span className="inbox-unread">{m.unread(unread)}</span> : null}
            {conversation.closed ? <span className="inbox-closed">{m.closed}</span> : null}
          </span>
          <span className="inbox-about">{about}</span>
          <span className="inbox-preview">
            {conversation.lastFromMe ? m.you : ""}
            {conversation.lastMessagePreview}
          </span>
          <time className="inbox-time" dateTime={conversation.lastMessageAt}>
            {formatDateTime(conversation.lastMessageAt, timeZone)}
          </time>
        </span>
        {artwork?.thumbnail ? (
          <img className="inbox-thumb" src={artwork.thumbnail} alt="" width={56} height={56} />
        ) : null}
      </Link>
    </li>
  );
}
