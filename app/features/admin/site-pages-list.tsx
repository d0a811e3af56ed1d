import { Link } from "react-router";
import type { AdminSitePageList } from "../../../contracts/site-pages.contract";

/** The site's own pages, each with whether the team has written it. */
export function SitePagesList({ pages }: { pages: AdminSitePageList }) {
  return (
    <section className="stack">
      <h1>Pages</h1>
      <p>
        The pages linked from every page&apos;s footer. Write each in Markdown; until you do, it
        shows a default text that asks you to replace it.
      </p>
      <ul className="admin-card stack site-pages-list">
        {pages.map((page) => (
          <li key={page.slug} className="admin-inline">
            <Link to={`/admin/pages/${page.slug}`}>{page.title}</Link>
            <span className="admin-badge">{page.isDefault ? "Default text" : "Written"}</span>
            <span className="hint">{page.path}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
