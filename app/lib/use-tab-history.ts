import { useLayoutEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router";

/** Where the root keeps the tab's moves, for tab-history.ts to replay (the same key there). */
const TAB_MOVES_KEY = "vernissage.tab-moves";

/** Far more than a tab's history keeps; a trail cut here starts anew, and Back goes home. */
const MAX_MOVES = 200;

/**
 * Records each move between pages of ours (its entry's key, the entry it left and how),
 * rendered once by the root layout. Only the raw moves, at once, so a reload right after a
 * move still finds it; the trail is made from them by the page that asks (tab-history.ts),
 * so every page's first script carries only these lines.
 */
export function useTabHistory() {
  const { key } = useLocation();
  const type = useNavigationType();
  const from = useRef<string | null>(null);
  // During the commit that shows the page, so a reload once the page is seen finds it.
  useLayoutEffect(() => {
    try {
      const moves: unknown = JSON.parse(sessionStorage.getItem(TAB_MOVES_KEY) ?? "[]");
      const kept = Array.isArray(moves) ? moves : [];
      kept.push([key, from.current, type]);
      sessionStorage.setItem(TAB_MOVES_KEY, JSON.stringify(kept.slice(-MAX_MOVES)));
    } catch {
      // Storage switched off or full: the artwork page's Back then goes home.
    }
    from.current = key;
  }, [key, type]);
}
