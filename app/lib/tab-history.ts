import { NavigationType } from "react-router";

/**
 * The entries of this tab's history that are pages of ours, oldest first, by the key React
 * Router gives each entry (useLocation().key, which the browser keeps with the entry across
 * a reload). Kept in sessionStorage, which is the tab's own and survives a reload, so a
 * page can tell whether Back has an earlier page of ours to return to without reading
 * the router's private fields.
 */
const STORAGE_KEY = "vernissage.tab-history";

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

// Storage may be switched off or full: the trail is then empty, and Back goes home.
function readTrail(): string[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((key) => typeof key === "string") : [];
  } catch {
    return [];
  }
}

function writeTrail(trail: string[]) {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(trail));
  } catch {
    // Nothing to do: see readTrail.
  }
}

/** Puts a move on the tab's trail (use-tab-history.ts, from the root layout). */
export function recordTabMove(move: TabMove) {
  writeTrail(nextTabTrail(readTrail(), move));
}

/** Whether the tab has a page of ours before the entry `key`. */
export function cameFromOurPage(key: string): boolean {
  return hasEarlierEntry(readTrail(), key);
}
