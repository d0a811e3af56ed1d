import { Link } from "react-router";
import { SITE_PAGES } from "../../../domain/site-pages";

/** Every page's footer: the site's own pages (About … Privacy), then the tagline. */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="page-inner site-footer-inner">
        <nav aria-label="About this marketplace">
          <ul className="site-footer-links">
            {SITE_PAGES.map((page) => (
              <li key={page.slug}>
                <Link to={page.path}>{page.footer}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="site-footer-tagline">Vernissage — original art, directly from the artists.</p>
      </div>
    </footer>
  );
}
