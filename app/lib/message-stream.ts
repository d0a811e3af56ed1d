/**
 * The signed-in person's push stream of new messages (`GET /api/me/conversations/stream`,
 * Server-Sent Events), one per tab however many parts of the page listen: the header's
 * unread count and an open conversation. The browser's EventSource reconnects by itself;
 * if the stream never works, nothing else breaks: the count and the thread are the
 * loaders', fresh on every reload.
 *
 * Loaded on first use (the header imports it once a person is signed in), so a visitor's
 * first download does not carry it.
 */

export type MessagePush = { conversationId: string; unread: number };

type Listener = (push: MessagePush) => void;

const STREAM_PATH = "/api/me/conversations/stream";

const listeners = new Set<Listener>();
const unreadListeners = new Set<(unread: number) => void>();
let source: EventSource | null = null;

/** A pushed event's data, read with a few type checks (no schema library in the first download). */
export function readPush(data: unknown): MessagePush | null {
  if (typeof data !== "string") return null;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const { type, conversationId, unread } = value as Record<string, unknown>;
  if (type !== "message" || typeof conversationId !== "string") return null;
  if (typeof unread !== "number" || !Number.isInteger(unread) || unread < 0) return null;
  return { conversationId, unread };
}

function open() {
  if (source || typeof EventSource === "undefined") return;
  source = new EventSource(STREAM_PATH);
  source.addEventListener("message", (event) => {
    const push = readPush(event.data);
    if (!push) return;
    setUnread(push.unread);
    for (const listener of listeners) listener(push);
  });
}

function closeWhenUnused() {
  if (listeners.size > 0 || unreadListeners.size > 0) return;
  source?.close();
  source = null;
}

/** Calls `listener` for each new message pushed to this person; returns the unsubscribe. */
export function onMessagePushed(listener: Listener): () => void {
  listeners.add(listener);
  open();
  return () => {
    listeners.delete(listener);
    closeWhenUnused();
  };
}

/**
 * Calls `listener` with the unread total each time it is known anew: pushed with a
 * message, or given by a page that just read a conversation (`setUnread`).
 */
export function watchUnread(listener: (unread: number) => void): () => void {
  unreadListeners.add(listener);
  open();
  return () => {
    unreadListeners.delete(listener);
    closeWhenUnused();
  };
}

/** A page that read a conversation (so the total fell) tells the header. */
export function setUnread(unread: number) {
  for (const listener of unreadListeners) listener(unread);
}
