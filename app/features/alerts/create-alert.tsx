import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { FormError, FormNotice } from "../../components/ui/form-message";
import { ALERT_NAME_MAX, type AlertSearch, hasSearch } from "./alert-search";
import { alertsMessages as m } from "./alerts.messages";
import type { SettingsActionResult } from "./settings-page";

/**
 * Issue 16 "Create alert" beside the marketplace's search: keeps the search in the URL
 * (text and filters) under a name. A native disclosure, so it opens without JavaScript
 * too; the form posts to /profile/settings, which without JavaScript is where the person
 * lands, seeing the new alert in their list. Signed out, it is a link to sign in that
 * comes back to this search.
 */
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
  const fetcher = useFetcher<SettingsActionResult>({ key: "create-alert" });
  const [open, setOpen] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const summaryRef = useRef<HTMLElement>(null);
  const searchKey = JSON.stringify(search);
  const [shownFor, setShownFor] = useState(searchKey);
  // A new search is a new alert: the last answer belonged to the old one.
  const result = shownFor === searchKey ? fetcher.data : undefined;
  useEffect(() => {
    if (open) nameRef.current?.focus();
  }, [open]);

  if (signInHref) {
    return (
      <Link to={signInHref} className="button create-alert-button">
        Create alert
      </Link>
    );
  }
  const busy = fetcher.state !== "idle";
  return (
    <details
      className="create-alert"
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      onKeyDown={(event) => {
        // Escape closes the panel, and the focus goes back to its button.
        if (event.key !== "Escape" || !open) return;
        setOpen(false);
        summaryRef.current?.focus();
      }}
    >
      <summary ref={summaryRef} className="button create-alert-button">
        Create alert
      </summary>
      <div className="create-alert-panel">
        {!hasSearch(search) ? (
          <p>{m.needsSearch}</p>
        ) : result?.ok ? (
          <>
            <FormNotice message={result.message} />
            <Link to="/profile/settings">Manage alerts</Link>
          </>
        ) : (
          <fetcher.Form
            method="post"
            action="/profile/settings"
            onSubmit={() => setShownFor(searchKey)}
          >
            <input type="hidden" name="intent" value="alert-create" />
            <input type="hidden" name="q" value={search.q} />
            <input type="hidden" name="cities" value={search.cities.join(",")} />
            <input type="hidden" name="categories" value={search.categories.join(",")} />
            <input type="hidden" name="priceRanges" value={search.priceRanges.join(",")} />
            <p>
              E-mail me when new works match <strong>{summary}</strong>.
            </p>
            <label className="field">
              <span>Alert name</span>
              <input
                ref={nameRef}
                type="text"
                name="name"
                required
                maxLength={ALERT_NAME_MAX}
                defaultValue={suggestedName}
                key={searchKey}
              />
            </label>
            {result && !result.ok ? <FormError message={result.error} /> : null}
            <button type="submit" className="button button-primary" disabled={busy}>
              {busy ? "Saving..." : "Save alert"}
            </button>
          </fetcher.Form>
        )}
      </div>
    </details>
  );
}
