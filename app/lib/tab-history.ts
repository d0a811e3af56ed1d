import { NavigationType } from "react-router";

/**
 * The entries of this tab's history that are pages of ours, oldest first, by the key React
 * Router gives each entry (useLocation().key, which the browser keeps with the entry across
 * a reload), replayed from the moves the root keeps in sessionStorage (the tab's own, and
 * it survives a reload), so a
 * page can tell whether Back has an earlier page of ours to return to without reading
 * the router's private fields.
 */

/**
 * use-tab-history.ts's key, written again: importing it would split the root's recorder
 * into a chunk of its own on every page.
 */
const TAB_MOVES_KEY = "vernissage.tab-moves";

/** Browsers keep about fifty entries per tab; older keys would never be reached. */
const MAX_ENTRIES = 100;

export type TabMove = { key: string; from: string | null; type: NavigationType };

/**
 * The trail after a move. An entry already on it is a back, a forward or a reload; a new
 * one after a push or a replace continues from the entry it left; anything else (the first
 * page of a document the tab opened from an e-mail, a link, the address bar) starts anew.
 */
export function nextTabTrail(trail: readonly string[], { key, from, type }: TabMove): string[] {
  if (trail.includes(key)) return [...trail];
  const at = from === null ? -1 : trail.indexOf(from);
  if (type === NavigationType.Pop || at === -1) return [key];
  return [...trail.slice(0, type === NavigationType.Replace ? at : at + 1), key].slice(
    -MAX_ENTRIES,
  );
}

/** Whether an entry of ours comes before `key` in the tab's history. */
export function hasEarlierEntry(trail: readonly string[], key: string): boolean {
  return trail.indexOf(key) > 0;
}

/**
 * The tab's moves as the root recorded them (use-tab-history.ts), replayed into the trail.
 * Storage may be switched off or full, or hold something else: the trail is then empty,
 * and Back goes home.
 */
function readTrail(): string[] {
  try {
    const moves: unknown = JSON.parse(sessionStorage.getItem(TAB_MOVES_KEY) ?? "[]");
    if (!Array.isArray(moves)) return [];
    let trail: string[] = [];
    for (const move of moves) {
      if (!Array.isArray(move)) continue;
      const [key, from, type] = move as unknown[];
      if (typeof key !== "string" || (from !== null && typeof from !== "string")) continue;
      const kind =
        type === NavigationType.Push || type === NavigationType.Replace ? type : NavigationType.Pop;
      trail = nextTabTrail(trail, { key, from, type: kind });
    }
    return trail;
  } catch {
    return [];
  }
}

/** Whether the tab has a page of ours before the entry `key`. */
export function cameFromOurPage(key: string): boolean {
  return hasEarlierEntry(readTrail(), key);
}
