import type { ReactNode } from "react";
import { useLocation, useNavigation } from "react-router";
import { pageLoadingText } from "./page-loading-text";

/**
 * SPEC §2 loading texts ('Loading artist profile...', 'Loading profile...',
 * 'Loading purchase history...'): while a client navigation to one of those pages
 * waits for its data, the page being left is hidden (kept mounted, so nothing is lost
 * if the navigation is cancelled) and the text is shown and announced instead.
 * Changes within a page (a tab, a search) keep their own in-page states.
 */
export function PendingPage({ children }: { children: ReactNode }) {
  const navigation = useNavigation();
  const location = useLocation();
  const target = navigation.state === "loading" ? navigation.location : null;
  const text =
    target && target.pathname !== location.pathname ? pageLoadingText(target.pathname) : null;
  return (
    <>
      <div className="page-content" hidden={text !== null}>
        {children}
      </div>
      {text ? (
        <p className="status-text" role="status">
          {text}
        </p>
      ) : null}
    </>
  );
}
