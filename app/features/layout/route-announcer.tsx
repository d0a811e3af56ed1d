import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";

/**
 * On a page change (another path; a new query or tab is the same page), focus moves
 * to the new page's main heading and a polite live region announces its title, as
 * React Router's accessibility guidance suggests: otherwise focus stays on a link
 * that has gone, and a screen reader says nothing. The first page keeps the
 * browser's own start. Scrolling is ScrollRestoration's, so focus does not scroll.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  const [announcement, setAnnouncement] = useState("");

  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const main = document.getElementById("main");
    const heading = main?.querySelector<HTMLElement>(".page-content:not([hidden]) h1") ?? main;
    if (heading) {
      if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
      heading.focus({ preventScroll: true });
    }
    setAnnouncement(document.title);
  }, [pathname]);

  return (
    <div className="visually-hidden" aria-live="polite" aria-atomic="true" data-route-announcer>
      {announcement}
    </div>
  );
}
