import type { MetaDescriptor } from "react-router";

export const SITE = "Vernissage";

/** The first sentence-ish of a text, for a meta description (search results show ~160). */
export function shortDescription(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  return `${flat.slice(0, max - 1).replace(/\s+\S*$/, "")}…`;
}

/** Tags for a page that failed: a plain title, and not indexed. */
export function errorMeta(message: string): MetaDescriptor[] {
  return [{ title: `${message} · ${SITE}` }, { name: "robots", content: "noindex" }];
}
