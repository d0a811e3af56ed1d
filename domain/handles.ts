/** SPEC §5: a leading @ is stripped from the social handle; a blank handle is no handle. */
export function normalizeHandle(input: string | null | undefined): string | null {
  const handle = (input ?? "").trim().replace(/^@+/, "").trim();
  return handle === "" ? null : handle;
}

/** Instagram's own rule: letters, digits, periods and underscores, at most 30. */
export function isValidHandle(handle: string): boolean {
  return /^[A-Za-z0-9._]{1,30}$/.test(handle);
}

export const INVALID_WEBSITE = "invalid";

/**
 * A website must be http or https; the answer is the normalised URL, null when
 * blank, or INVALID_WEBSITE. "example.com" is taken to mean https://example.com,
 * as people type addresses that way; any other scheme (javascript:, data:, ftp:) is refused.
 */
export function normalizeWebsite(input: string | null | undefined): string | null {
  const raw = (input ?? "").trim();
  if (raw === "") return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(raw) ? raw : `https://${raw}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return INVALID_WEBSITE;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return INVALID_WEBSITE;
  if (!url.hostname.includes(".") && url.hostname !== "localhost") return INVALID_WEBSITE;
  return url.toString();
}
