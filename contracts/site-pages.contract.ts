import { z } from "zod";
import { MAX_SITE_PAGE_MARKDOWN } from "../domain/site-pages";
import { inputMessages } from "../domain/text-input";

/**
 * The site's own pages (About, Contact, FAQ, Shipping & returns, Terms, Privacy):
 * `GET /api/pages/:slug` for anyone, and the console's `GET /api/admin/pages/:slug` and
 * `PUT /api/admin/pages/:slug` (docs/api.md "Site pages").
 */

export const sitePageMessages = {
  pageNotFound: "That page does not exist.",
  markdownRequired: "Please send the page's text (markdown).",
  markdownTooLong: `The page's text is too long (at most ${MAX_SITE_PAGE_MARKDOWN.toLocaleString("en-US")} characters).`,
} as const;
const m = sitePageMessages;

/** What a visitor's page shows: the text as sanitised HTML, made by the server. */
export const sitePageSchema = z.object({
  slug: z.string(),
  title: z.string(),
  html: z.string(),
  /** True while the operator has not written the page: the default text is shown. */
  isDefault: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type SitePage = z.infer<typeof sitePageSchema>;

/** The console's view of a page: also its Markdown, and the default it falls back to. */
export const adminSitePageSchema = sitePageSchema.extend({
  markdown: z.string(),
  defaultMarkdown: z.string(),
});
export type AdminSitePage = z.infer<typeof adminSitePageSchema>;

/** The console's list: each page, whether it is written, and when. */
export const adminSitePageListSchema = z.array(
  z.object({
    slug: z.string(),
    title: z.string(),
    path: z.string(),
    isDefault: z.boolean(),
    updatedAt: z.string().nullable(),
  }),
);
export type AdminSitePageList = z.infer<typeof adminSitePageListSchema>;

/** The page's new text; empty (after trimming) goes back to the default text. */
export const sitePageEditSchema = z.object({
  markdown: z
    .string({ error: m.markdownRequired })
    .max(MAX_SITE_PAGE_MARKDOWN, { error: m.markdownTooLong })
    .refine((s) => !s.includes("\u0000"), { error: inputMessages.nulCharacter })
    .transform((s) => s.replace(/\r\n?/gu, "\n").trim()),
});
export type SitePageEdit = z.infer<typeof sitePageEditSchema>;
