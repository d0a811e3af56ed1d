/** Pure helpers of the exhibition pages (SPEC §2), tested in exhibition-links.test.ts. */

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

/** SPEC §2: the exhibition's address opens a maps search (in a new tab). */
export function mapsSearchUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address.trim())}`;
}

/** An absolute address for Open Graph and JSON-LD; `null` when there is none. */
export function absoluteUrl(origin: string, url: string | null | undefined): string | null {
  if (!isUsableImageUrl(url)) return null;
  return new URL(url, `${origin}/`).toString();
}
