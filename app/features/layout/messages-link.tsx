import { useEffect, useState } from "react";
import { NavLink } from "react-router";
import { useUnreadMessages } from "../../lib/session-user";

/** The Messages link's name: with the count of unread messages when there are any. */
export function messagesLabel(unread: number | null): string {
  if (!unread) return "Messages";
  return `Messages, ${unread} unread`;
}

/** What the count says in its badge. */
export function countText(count: number): string {
  return count > 99 ? "99+" : String(count);
}

/**
 * The unread count: the root loader's, then kept fresh by the push stream, whose code is
 * downloaded once the page has hydrated, for a signed-in person only. A new count from
 * the loader (after a form, a reload) takes over from the pushed one.
 */
export function useLiveUnread(signedIn: boolean): number | null {
  const loaded = useUnreadMessages();
  const [live, setLive] = useState<number | null>(null);
  const [seen, setSeen] = useState(loaded);
  if (seen !== loaded) {
    setSeen(loaded);
    setLive(null);
  }
  useEffect(() => {
    if (!signedIn) return;
    let stop: (() => void) | undefined;
    let current = true;
    import("../../lib/message-stream").then(
      (stream) => {
        if (current) stop = stream.watchUnread(setLive);
      },
      (error: unknown) => console.warn("The message stream could not be loaded", error),
    );
    return () => {
      current = false;
      stop?.();
    };
  }, [signedIn]);
  return live ?? loaded;
}

/** The header's way into the inbox, with the unread count. */
export function MessagesLink({ unread }: { unread: number | null }) {
  return (
    <NavLink to="/profile/messages" className="nav-link" aria-label={messagesLabel(unread)}>
      Messages
      {unread ? (
        <span className="nav-count" aria-hidden="true">
          {countText(unread)}
        </span>
      ) : null}
    </NavLink>
  );
}
