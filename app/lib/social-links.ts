/** The artist's social-handle and website links (SPEC §2), from what the artist typed. */

/** https://www.instagram.com/{handle}, labelled '@handle'; a leading @ is dropped. Null without a handle. */
export function instagramLink(
  handle: string | null | undefined,
): { href: string; label: string } | null {
  const clean = handle?.trim().replace(/^@+/, "");
  if (!clean) return null;
  return { href: `https://www.instagram.com/${encodeURIComponent(clean)}`, label: `@${clean}` };
}

/**
 * A website as a link: only http(s) addresses (never `javascript:` and the like), with a
 * short label — the host without "www." plus any path.
 */
export function websiteLink(
  url: string | null | undefined,
): { href: string; label: string } | null {
  const value = url?.trim();
  if (!value) return null;
  let parsed: URL;
  try {
    parsed = new URL(/^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`);
  } catch {
    return null;
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return null;
  if (!parsed.hostname.includes(".") && parsed.hostname !== "localhost") return null;
  const path = parsed.pathname === "/" ? "" : parsed.pathname.replace(/\/$/, "");
  return { href: parsed.toString(), label: `${parsed.host.replace(/^www\./, "")}${path}` };
}
