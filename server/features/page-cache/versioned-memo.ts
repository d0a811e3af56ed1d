import { versionFirstSeen } from "../../http/version-first-seen";
/**
 * Values kept in memory under the content version (decision 0033): reads that
 * are the same for every viewer (the artwork page's rails) are made once per version and
 * per key, and made again as soon as anything a visitor's page shows changes (the version
 * moves, migration 0021) or after `maxAgeMs` (what changes with the clock alone).
 *
 * As in the page cache, a value is kept only under a version this process has known for
 * `settleMs`: the version moves inside the writer's transaction, a moment before its
 * commit, and a read made in that moment shows the old data. Until then every call reads.
 * Concurrent callers under one settled version share one read; a failed read is not kept.
 */
export type VersionedMemoOptions = {
  /** 0 turns it off: every call reads. */
  maxEntries: number;
  maxAgeMs: number;
  settleMs: number;
  readVersion: () => Promise<string>;
  now?: () => number;
};

type Kept<T> = { version: string; storedAt: number; value: Promise<T> };

export type VersionedMemo<T> = ((key: string, load: () => Promise<T>) => Promise<T>) & {
  readonly size: number;
};

export function versionedMemo<T>(options: VersionedMemoOptions): VersionedMemo<T> {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Kept<T>>();
  const seen = versionFirstSeen(now);

  async function get(key: string, load: () => Promise<T>): Promise<T> {
    if (options.maxEntries <= 0) return load();
    const version = await options.readVersion();
    const since = seen(version);
    const start = now();
    const kept = entries.get(key);
    if (kept && kept.version === version && start - kept.storedAt < options.maxAgeMs) {
      // Most recently used last: the Map's order is the eviction order.
      entries.delete(key);
      entries.set(key, kept);
      return kept.value;
    }
    if (kept) entries.delete(key);
    if (start - since < options.settleMs) return load();
    const value = load();
    const made: Kept<T> = { version, storedAt: start, value };
    entries.set(key, made);
    if (entries.size > options.maxEntries) entries.delete(entries.keys().next().value as string);
    value.catch(() => {
      if (entries.get(key) === made) entries.delete(key);
    });
    return value;
  }

  return Object.defineProperty(get, "size", { get: () => entries.size }) as VersionedMemo<T>;
}
