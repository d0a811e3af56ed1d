/**
 * The site's own pages, linked from every page's footer: what each is called, where it
 * lives, and the footer's short name for it. Their text is Markdown the operator writes in
 * the console; a page not yet written shows a default text.
 */
export const SITE_PAGES = [
  { slug: "about", path: "/about", title: "About", footer: "About" },
  { slug: "contact", path: "/contact", title: "Contact", footer: "Contact" },
  { slug: "faq", path: "/faq", title: "Frequently asked questions", footer: "FAQ" },
  {
    slug: "shipping-returns",
    path: "/shipping-returns",
    title: "Shipping & returns",
    footer: "Shipping & returns",
  },
  { slug: "terms", path: "/terms", title: "Terms of Service", footer: "Terms" },
  { slug: "privacy", path: "/privacy", title: "Privacy Policy", footer: "Privacy" },
] as const;

export type SitePageSlug = (typeof SITE_PAGES)[number]["slug"];
export type SitePageInfo = (typeof SITE_PAGES)[number];

export function sitePageInfo(slug: string): SitePageInfo | undefined {
  return SITE_PAGES.find((page) => page.slug === slug);
}

/** A long policy fits in a few thousand words; this bounds what one save stores. */
export const MAX_SITE_PAGE_MARKDOWN = 20_000;
