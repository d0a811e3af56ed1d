/**
 * The site's own pages (domain/site-pages.ts; site-footer.test.tsx keeps the two lists
 * the same), written out here so every page's first script carries six links and not the
 * list's module. Plain links: these pages are rarely opened and load as documents.
 */
const FOOTER_LINKS = [
  ["/about", "About"],
  ["/contact", "Contact"],
  ["/faq", "FAQ"],
  ["/shipping-returns", "Shipping & returns"],
  ["/terms", "Terms"],
  ["/privacy", "Privacy"],
] as const;

/** Every page's footer: the site's own pages (About … Privacy), then the tagline. */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="page-inner site-footer-inner">
        <nav aria-label="About this marketplace">
          <ul className="site-footer-links">
            {FOOTER_LINKS.map(([path, label]) => (
              <li key={path}>
                <a href={path}>{label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <p className="site-footer-tagline">Vernissage — original art, directly from the artists.</p>
      </div>
    </footer>
  );
}
