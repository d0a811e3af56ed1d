/** Image addresses we are willing to put in a page (SPEC §2 banner fallback, Open Graph). */

/**
 * SPEC §2: a banner that is missing or "not a valid address" shows the text fallback.
 * Valid: an http(s) URL, or a path on this site (`/media/...`, never `//host`).
 */
export function isUsableImageUrl(url: string | null | undefined): url is string {
  const value = url?.trim();
  if (!value) return false;
  if (value.startsWith("/")) return !value.startsWith("//") && !/\s/.test(value);
  try {
    const parsed = new URL(value);
    return (parsed.protocol === "https:" || parsed.protocol === "http:") && parsed.host !== "";
  } catch {
    return false;
  }
}

/** An absolute address for Open Graph and JSON-LD; `null` when there is none. */
export function absoluteUrl(origin: string, url: string | null | undefined): string | null {
  if (!isUsableImageUrl(url)) return null;
  return new URL(url, `${origin}/`).toString();
}
