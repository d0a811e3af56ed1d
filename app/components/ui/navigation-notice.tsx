import { useLocation } from "react-router";

/** What a page passes to the next one to say there: `navigate(to, { state })`. */
export type NavigationNoticeState = { notice: string };

function readNotice(state: unknown): string | null {
  if (typeof state !== "object" || state === null || !("notice" in state)) return null;
  const { notice } = state;
  return typeof notice === "string" && notice ? notice : null;
}

/**
 * A notice the previous page left in the navigation state ("Listing has been deleted."),
 * shown as a polite status above the page instead of a dialog to dismiss first: the
 * person already confirmed, so nothing blocks what they do next.
 */
export function NavigationNotice({ fallback = null }: { fallback?: string | null } = {}) {
  // `fallback`: a notice the address asks for (a redirect cannot carry state).
  const notice = readNotice(useLocation().state) ?? fallback;
  // FormNotice's markup, written here: the marketplace's first script stays without it.
  if (!notice) return null;
  return (
    <p className="message message-success" role="status">
      {notice}
    </p>
  );
}
