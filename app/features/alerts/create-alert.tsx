import { lazy, Suspense } from "react";
import { Link } from "react-router";
import type { AlertSearch } from "./alert-search";

/**
 * "Create alert" beside the marketplace's search (decision 0031): keeps the search in the URL
 * (text and filters) under a name. A native disclosure, so it opens without JavaScript
 * too; the form posts to /profile/settings, which without JavaScript is where the person
 * lands, seeing the new alert in their list. Signed out, it is a link to sign in that
 * comes back to this search.
 *
 * The signed-in panel is a download of its own (create-alert-panel.tsx, decision 0034): a
 * visitor's marketplace does not carry its code.
 */
const CreateAlertPanel = lazy(() =>
  import("./create-alert-panel").then((module) => ({ default: module.CreateAlertPanel })),
);

export function CreateAlert({
  search,
  summary,
  suggestedName,
  signInHref,
}: {
  search: AlertSearch;
  summary: string;
  suggestedName: string;
  /** Set when signed out: where the button leads instead. */
  signInHref: string | null;
}) {
  if (signInHref) {
    return (
      <Link to={signInHref} className="button create-alert-button">
        Create alert
      </Link>
    );
  }
  // Signed in: the panel's code comes with the page the server renders for this person
  // (it renders the panel into the HTML), and in a client-side visit a moment later.
  return (
    <Suspense fallback={<span className="button create-alert-button">Create alert</span>}>
      <CreateAlertPanel search={search} summary={summary} suggestedName={suggestedName} />
    </Suspense>
  );
}
