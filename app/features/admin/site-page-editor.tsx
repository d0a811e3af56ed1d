import { Link } from "react-router";
import type { AdminSitePage } from "../../../contracts/site-pages.contract";
import { MAX_SITE_PAGE_MARKDOWN, sitePageInfo } from "../../../domain/site-pages";
import { ActionForm } from "./action-form";

/** One site page: its Markdown to edit, and the page as it is shown now. */
export function SitePageEditor({ page }: { page: AdminSitePage }) {
  const path = sitePageInfo(page.slug)?.path ?? "/";
  return (
    <section className="stack">
      <p>
        <Link to="/admin/pages">← All pages</Link>
      </p>
      <h1>{page.title}</h1>
      <p>
        <span className="admin-badge">
          {page.isDefault ? "Default text" : "Written by the team"}
        </span>{" "}
        <Link to={path}>View the page</Link>
      </p>
      <section className="admin-card stack" aria-labelledby="page-text-h">
        <h2 id="page-text-h">Text</h2>
        <ActionForm intent="save" label="Save page" busyLabel="Saving…">
          <div className="field admin-grow">
            <label htmlFor="page-markdown">Text in Markdown</label>
            <textarea
              id="page-markdown"
              name="markdown"
              rows={18}
              maxLength={MAX_SITE_PAGE_MARKDOWN}
              defaultValue={page.markdown}
              aria-describedby="page-markdown-hint"
            />
            <p id="page-markdown-hint" className="hint">
              Markdown: ## for a heading, **bold**, *italic*, - for a list, [text](https://…) for a
              link. HTML is shown as text, and pictures are not shown. Save it empty to go back to
              the default text. At most {MAX_SITE_PAGE_MARKDOWN.toLocaleString("en-US")} characters.
            </p>
          </div>
        </ActionForm>
      </section>
      <section className="admin-card stack" aria-labelledby="page-shown-h">
        <h2 id="page-shown-h">As shown on the site</h2>
        <div className="site-page-text" dangerouslySetInnerHTML={{ __html: page.html }} />
      </section>
    </section>
  );
}
