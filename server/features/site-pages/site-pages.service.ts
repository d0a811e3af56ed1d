import {
  type AdminSitePage,
  type AdminSitePageList,
  type SitePage,
  type SitePageEdit,
  sitePageMessages as m,
} from "../../../contracts/site-pages.contract";
import { SITE_PAGES, type SitePageInfo, sitePageInfo } from "../../../domain/site-pages";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { type AuditActor, recordAudit } from "../audit/audit.api";
import { defaultSitePages } from "./site-pages.defaults";
import { renderSitePageMarkdown } from "./site-pages.render";
import {
  type SitePageRow,
  deleteSitePage,
  findSitePage,
  listSitePages,
  saveSitePage,
} from "./site-pages.repository";

/**
 * About, Contact, FAQ, Shipping & returns, Terms and Privacy (decision 0046): the
 * operator's Markdown, or the default text while there is none, always shown as the
 * sanitised HTML the server renders.
 */
export type SitePagesDeps = { db: Database };

function pageOf(slug: string): SitePageInfo {
  const info = sitePageInfo(slug);
  if (!info) throw new AppError("NOT_FOUND", 404, m.pageNotFound);
  return info;
}

function shown(info: SitePageInfo, row: SitePageRow | undefined): SitePage {
  const markdown = row?.markdown ?? defaultSitePages[info.slug];
  return {
    slug: info.slug,
    title: info.title,
    html: renderSitePageMarkdown(markdown),
    isDefault: !row,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

export async function getSitePage(deps: SitePagesDeps, slug: string): Promise<SitePage> {
  const info = pageOf(slug);
  return shown(info, await findSitePage(deps.db, info.slug));
}

export async function getSitePageForAdmin(
  deps: SitePagesDeps,
  slug: string,
): Promise<AdminSitePage> {
  const info = pageOf(slug);
  const row = await findSitePage(deps.db, info.slug);
  const defaultMarkdown = defaultSitePages[info.slug];
  return { ...shown(info, row), markdown: row?.markdown ?? defaultMarkdown, defaultMarkdown };
}

export async function listSitePagesForAdmin(deps: SitePagesDeps): Promise<AdminSitePageList> {
  const rows = new Map((await listSitePages(deps.db)).map((row) => [row.slug, row]));
  return SITE_PAGES.map((info) => {
    const row = rows.get(info.slug);
    return {
      slug: info.slug,
      title: info.title,
      path: info.path,
      isDefault: !row,
      updatedAt: row?.updatedAt.toISOString() ?? null,
    };
  });
}

/**
 * Saves the page's text with its audit row, in one transaction. An empty text, or the
 * default text itself, removes the operator's version: the page shows the default again.
 */
export async function editSitePage(
  deps: SitePagesDeps,
  actor: AuditActor,
  slug: string,
  body: SitePageEdit,
): Promise<AdminSitePage> {
  const info = pageOf(slug);
  const restore = body.markdown === "" || body.markdown === defaultSitePages[info.slug].trim();
  await deps.db.transaction(async (tx) => {
    const before = await findSitePage(tx, info.slug, true);
    if (restore) await deleteSitePage(tx, info.slug);
    else await saveSitePage(tx, info.slug, body.markdown);
    await recordAudit(tx, actor, {
      action: restore ? "site_page.reset" : "site_page.update",
      targetType: "site_page",
      targetId: info.slug,
      before: { markdown: before?.markdown ?? null },
      after: { markdown: restore ? null : body.markdown },
    });
  });
  return getSitePageForAdmin(deps, info.slug);
}
