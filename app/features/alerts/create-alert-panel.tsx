import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { FormError, FormNotice } from "../../components/ui/form-message";
import { ALERT_NAME_MAX, type AlertSearch, hasSearch } from "./alert-search";
import { alertsMessages as m } from "./alerts.messages";
import type { SettingsActionResult } from "./settings-page";

/**
 * The signed-in part of "Create alert" (create-alert.tsx): a download of its own, since a
 * visitor sees only a link to sign in (decision 0034: the marketplace's initial JavaScript).
 */
export function CreateAlertPanel({
  search,
  summary,
  suggestedName,
}: {
  search: AlertSearch;
  summary: string;
  suggestedName: string;
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
