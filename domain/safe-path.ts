/**
 * Where a `next` (or any redirect target read from a request) may send people: only
 * a path on this site. Browsers read `\` as `/` and drop tabs and newlines from URLs,
 * so `/\evil.example` or `/<tab>/evil.example` would leave the site as
 * `//evil.example` does; those, and every other control character, are refused.
 */
export function safeRedirectPath(next: string | null | undefined, fallback = "/"): string {
  if (!next || !next.startsWith("/") || next.startsWith("//")) return fallback;
  // eslint-disable-next-line no-control-regex -- control characters are what we refuse
  if (/[\\\u0000-\u001f\u007f]/.test(next)) return fallback;
  return next;
}

/**
 * The sign-in page that comes back to `path` afterwards (`/signin?next=…`); a target that
 * `safeRedirectPath` would refuse gives the plain sign-in page.
 */
export function signInPath(path: string): string {
  const next = safeRedirectPath(path, "");
  return next && next !== "/" ? `/signin?next=${encodeURIComponent(next)}` : "/signin";
}
