import { versionFirstSeen } from "./version-first-seen";
import type { MiddlewareHandler } from "hono";
import { isbot } from "isbot";
import { etagOf } from "./conditional-get";
import { isPrivatePage } from "./private-pages";
import { replaceResponse } from "./replace-response";
import { cspNonce } from "./security-headers";
import { hasSessionCookie } from "./session-cookie";

/**
 * Visitors' pages from memory (decision 0033). A visitor (no auth cookie at all)
 * asking for a public page or a public JSON read gets the answer another visitor got, as
 * long as nothing the pages show has changed since: each entry holds the content version
 * (a sequence that every change to the catalogue, the people, exhibitions, banners,
 * follows, sales and offers moves, migration 0021) it was made under, and is used only
 * while the database still has that version, read once per request so that any number of
 * processes agree. An entry also ends after `maxAgeMs`, for what changes with the clock
 * alone (an exhibition that opens or closes by date).
 *
 * Never cached: a request with any auth cookie (signed in, or a stale cookie), a private
 * page (private-pages.ts), anything not on the public list below, and any answer other
 * than a 200 without Set-Cookie that may be stored by anyone (not private, not no-store)
 * and varies by nothing but Accept-Encoding.
 *
 * A page carries its CSP nonce in its scripts: the entry keeps the text around the nonce
 * it was made with, and each answer puts that request's own fresh nonce in (the header's
 * is made by securityHeaders as for any page), so no two answers share a nonce.
 */

export type PageCacheOptions = {
  /** 0 turns the cache off. */
  maxBytes: number;
  maxAgeMs: number;
  /** The content version now: one small query. */
  readVersion: () => Promise<string>;
  /**
   * A version is trusted for new entries only once this process has seen it for this long:
   * the trigger moves the version inside the writer's transaction, a moment before its
   * commit, and a page read in that moment would show the old data under the new version.
   */
  settleMs: number;
  now?: () => number;
};

/** Pages and reads a visitor may be given from the cache (and their `.data` forms). */
const PUBLIC_PAGE = /^\/(|collect|exhibition|artist\/[^/]+|artwork\/[^/]+|exhibition\/[^/]+)$/;
const PUBLIC_READ =
  /^\/(api\/(artworks\/search|artworks\/[^/]+(\/related)?|artists\/[^/]+(\/artworks)?|users\/[^/]+(\/artworks|\/collection)?|exhibitions(\/[^/]+)?|cities|categories|banners\/active)|sitemap\.xml|robots\.txt)$/;

export function isCacheablePath(pathname: string): boolean {
  if (isPrivatePage(pathname)) return false;
  if (PUBLIC_READ.test(pathname)) return true;
  return PUBLIC_PAGE.test(pathname.replace(/\.data$/, ""));
}

/** Longer addresses are not kept (each would be an entry of its own). */
const MAX_URL_LENGTH = 2048;

/**
 * The entry's key: the path and the query with its parameters in order of name (a
 * parameter's repeats keep their order), so `?a=1&b=2` and `?b=2&a=1` share an entry.
 */
export function cacheKey(url: URL): string {
  const params = [...url.searchParams.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = new URLSearchParams(params).toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

/**
 * A crawler's page differs from a person's (app/entry.server.tsx: the whole page at once,
 * no lazy pictures held), so the two are kept apart.
 */
export function variantOf(pathname: string, userAgent: string | undefined): string {
  // A JSON read or a page's data (`.data`) is the same for both.
  if (PUBLIC_READ.test(pathname) || pathname.endsWith(".data")) return "";
  return userAgent && isbot(userAgent) ? "crawler " : "";
}

type Entry = {
  key: string;
  version: string;
  storedAt: number;
  status: number;
  headers: [string, string][];
  /** The body's bytes split at the nonce it was made with (one part when it had none). */
  parts: Buffer[];
  etag: string;
  bytes: number;
};

/** An LRU of entries, bounded by the bytes of their bodies, headers and keys. */
export class PageStore {
  private readonly entries = new Map<string, Entry>();
  private total = 0;
  constructor(readonly maxBytes: number) {}

  get(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // Most recently used last: the Map's order is the eviction order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(entry: Entry) {
    this.delete(entry.key);
    if (entry.bytes > this.maxBytes / 4) return;
    this.entries.set(entry.key, entry);
    this.total += entry.bytes;
    for (const [key] of this.entries) {
      if (this.total <= this.maxBytes) break;
      this.delete(key);
    }
  }

  delete(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.bytes;
  }

  get size() {
    return this.entries.size;
  }

  get bytes() {
    return this.total;
  }
}

/** Whether an answer may be kept for every visitor. */
function storable(response: Response): boolean {
  if (response.status !== 200 || !response.body) return false;
  if (response.headers.has("Set-Cookie") || response.headers.has("Content-Encoding")) return false;
  const cacheControl = response.headers.get("Cache-Control") ?? "";
  if (/private|no-store/i.test(cacheControl)) return false;
  const vary = (response.headers.get("Vary") ?? "")
    .split(",")
    .map((v) => v.trim().toLowerCase())
    .filter(Boolean);
  return vary.every((name) => name === "accept-encoding" || name === "cookie");
}

/** The kept bytes with this request's nonce where the maker's was. */
function joinParts(parts: Buffer[], nonce: string | undefined): Buffer {
  if (parts.length === 1) return parts[0]!;
  const between = Buffer.from(nonce ?? "");
  const pieces: Buffer[] = [];
  for (const [i, part] of parts.entries()) {
    if (i > 0) pieces.push(between);
    pieces.push(part);
  }
  return Buffer.concat(pieces);
}

/** Headers that belong to one answer, not to the entry. */
const NOT_KEPT = new Set(["content-length", "date", "set-cookie", "x-cache", "etag"]);

export function pageCache(options: PageCacheOptions): MiddlewareHandler & { store: PageStore } {
  const store = new PageStore(options.maxBytes);
  const now = options.now ?? Date.now;
  const seen = versionFirstSeen(now);

  const middleware: MiddlewareHandler = async (c, next) => {
    const method = c.req.method;
    if (options.maxBytes <= 0 || (method !== "GET" && method !== "HEAD")) return next();
    if (c.req.url.length > MAX_URL_LENGTH || !isCacheablePath(c.req.path)) return next();
    if (hasSessionCookie(c.req.header("Cookie"))) {
      await next();
      c.res.headers.set("X-Cache", "BYPASS");
      return;
    }
    const version = await options.readVersion();
    const versionSince = seen(version);
    const start = now();
    const key = variantOf(c.req.path, c.req.header("User-Agent")) + cacheKey(new URL(c.req.url));
    const entry = store.get(key);
    if (entry && entry.version === version && start - entry.storedAt < options.maxAgeMs) {
      return answerFrom(entry, method === "HEAD", cspNonce(c));
    }
    if (entry) store.delete(key);

    await next();
    const response = c.res;
    c.res.headers.set("X-Cache", "MISS");
    if (method === "HEAD" || !storable(response) || start - versionSince < options.settleMs) return;
    if (c.req.raw.signal.aborted) return;
    const bytes = new Uint8Array(await response.arrayBuffer());
    const text = new TextDecoder().decode(bytes);
    const nonce = cspNonce(c);
    const parts = (nonce ? text.split(nonce) : [text]).map((part) => Buffer.from(part));
    const headers = [...response.headers].filter(([name]) => !NOT_KEPT.has(name.toLowerCase()));
    const made: Entry = {
      key,
      version,
      storedAt: start,
      status: response.status,
      headers,
      parts,
      etag: etagOf(text, nonce),
      bytes:
        bytes.length + key.length + headers.reduce((sum, [n, v]) => sum + n.length + v.length, 0),
    };
    store.set(made);
    replaceResponse(c, answerFrom(made, false, nonce, "MISS"));
  };

  function answerFrom(entry: Entry, head: boolean, nonce: string | undefined, state = "HIT") {
    const headers = new Headers(entry.headers);
    // A page made with a nonce needs this request's one; without a nonce (an API-only
    // test server) the page had none to replace.
    const body = joinParts(entry.parts, nonce);
    headers.set("Content-Length", String(body.length));
    headers.set("ETag", entry.etag);
    headers.set("X-Cache", state);
    if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-cache");
    return new Response(head ? null : (body as Uint8Array<ArrayBuffer>), {
      status: entry.status,
      headers,
    });
  }

  return Object.assign(middleware, { store });
}
