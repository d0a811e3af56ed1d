import { useRef, useState } from "react";
import { Link, NavigationType, useLocation, useNavigationType } from "react-router";
import { signInPath } from "../../domain/safe-path";
import {
  type AlertSearch,
  alertSummary,
  suggestedAlertName,
} from "../features/alerts/alert-search";
import { CreateAlert } from "../features/alerts/create-alert";
import { useSessionUser } from "../lib/session-user";
import { usePanelAskedForEarly } from "../lib/panel-asked-early";
import { useHydrated } from "../lib/use-hydrated";
import { FILTER_TYPES, removeFilter, type FilterType } from "../../domain/filter-selection";
import { FilterButtons, FilterChips } from "../features/marketplace/filter-bar";
import { lazyPanel } from "../components/ui/lazy-panel";
import { filterChips, filterOptions } from "../features/marketplace/marketplace-filters";
import { marketplaceMeta } from "../features/marketplace/marketplace-meta";
import { hasFilters, withAvailable, withSort } from "../features/marketplace/marketplace-query";
import { OrderControls } from "../features/marketplace/order-controls";
import { MarketplaceResults } from "../features/marketplace/marketplace-results";
import { loadMarketplace } from "../features/marketplace/marketplace.server";
import { RouteLoadError } from "../components/load-error";
import { NavigationNotice } from "../components/ui/navigation-notice";
import { accountClosedNotice } from "../../domain/account-closed";
import { SavedWorksProvider } from "../components/collectors/saved-works";
import { marketplaceTexts as t } from "../features/marketplace/marketplace-texts";
import { PromoBanner } from "../features/marketplace/promo-banner";
import { SearchBox } from "../features/marketplace/search-box";
import { useGoToQuery, useShownQuery } from "../features/marketplace/use-marketplace-url";
import { useSearchText } from "../features/marketplace/use-search-text";
import type { Route } from "./+types/home";

/**
 * The filter dialog is downloaded when a filter button is first reached or pressed, not
 * with the page (decision 0034); its stand-in has the dialog's own title.
 */
const FilterDialog = lazyPanel(
  () => import("../features/marketplace/filter-dialog").then((module) => module.FilterDialog),
  ({ type }) => t.sectionTitle[type],
);

export function loader({ request, context }: Route.LoaderArgs) {
  return loadMarketplace(request, context);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return marketplaceMeta(loaderData);
}

/** SPEC §2 Marketplace: banner, search, filters with chips, and the grid of artworks. */
export default function Marketplace({ loaderData }: Route.ComponentProps) {
  const { query, result, catalog, banner, saved } = loaderData;
  const { shown, pending, entryKey } = useShownQuery(query);
  const goTo = useGoToQuery(shown);
  const search = useSearchText(shown.q, (q) =>
    goTo((current) => ({ ...current, q }), { replace: true }),
  );
  const [openType, setOpenType] = useState<FilterType | null>(null);
  // A filter button pressed before the page's script ran (its GET form): open it now.
  usePanelAskedForEarly((panel) => {
    const type = FILTER_TYPES.find((known) => known === panel);
    if (type) setOpenType(type);
  });
  // Back or Forward while the dialog is open: its draft belongs to the old view. Our
  // own moves (the last Apply's results arriving, a search) leave it open (SPEC §2:
  // only the backdrop, the close button and Apply close it).
  const navigationType = useNavigationType();
  const [dialogEntry, setDialogEntry] = useState(entryKey);
  if (dialogEntry !== entryKey) {
    setDialogEntry(entryKey);
    if (navigationType === NavigationType.Pop) setOpenType(null);
  }
  const headingRef = useRef<HTMLHeadingElement>(null);
  const hydrated = useHydrated();
  const chips = filterChips(shown.selection, catalog);
  const viewer = useSessionUser();
  const location = useLocation();
  // Issue 16: the search an alert would keep, as the URL has it now.
  const alertSearch: AlertSearch = {
    q: shown.q,
    cities: shown.selection.cities ?? [],
    categories: shown.selection.categories ?? [],
    priceRanges: (shown.selection.priceRanges ?? []).map(Number),
  };

  function clearAll() {
    goTo((current) => ({ ...current, q: search.flush(), selection: {} }), { replace: false });
  }

  return (
    <div className="marketplace" data-hydrated={hydrated}>
      {banner ? (
        <PromoBanner banner={banner} onDismissed={() => headingRef.current?.focus()} />
      ) : null}
      <NavigationNotice fallback={accountClosedNotice(location.search)} />
      <div className="marketplace-head">
        <h1 ref={headingRef} tabIndex={-1}>
          Marketplace
        </h1>
        <p className="marketplace-lede">Original works, directly from independent artists.</p>
      </div>
      <div className="marketplace-controls">
        <SearchBox
          text={search.text}
          selection={shown.selection}
          order={shown}
          onChange={search.onChange}
          onSubmit={() => {
            const q = search.flush();
            goTo((current) => ({ ...current, q }), { replace: true });
          }}
        />
        <FilterButtons
          query={shown}
          openType={openType}
          onOpen={setOpenType}
          onIntent={FilterDialog.preload}
        />
      </div>
      {/* One row under the search: the action on it at the left, its order at the right
          (on a phone this keeps the first row of works on the first screen). */}
      <div className="marketplace-tools">
        <CreateAlert
          search={alertSearch}
          summary={alertSummary(alertSearch, catalog)}
          suggestedName={suggestedAlertName(alertSearch, catalog)}
          signInHref={viewer ? null : signInPath(`${location.pathname}${location.search}`)}
        />
        <OrderControls
          query={shown}
          hydrated={hydrated}
          onSort={(sort) =>
            goTo((current) => withSort({ ...current, q: search.flush() }, sort), { replace: false })
          }
          onAvailable={(available) =>
            goTo((current) => withAvailable({ ...current, q: search.flush() }, available), {
              replace: false,
            })
          }
        />
      </div>
      <FilterChips
        chips={chips}
        onRemove={(chip) =>
          goTo(
            (current) => ({
              ...current,
              q: search.flush(),
              selection: removeFilter(current.selection, chip.type, chip.id),
            }),
            { replace: false },
          )
        }
        onClearAll={clearAll}
      />
      <SavedWorksProvider state={saved}>
        <MarketplaceResults
          first={result}
          query={query}
          entryKey={entryKey}
          searching={pending}
          onClearAll={shown.q || hasFilters(shown) ? clearAll : null}
        />
      </SavedWorksProvider>
      {openType ? (
        <FilterDialog
          type={openType}
          selection={shown.selection}
          options={filterOptions(
            openType,
            catalog,
            result.facets,
            shown.selection[openType] ?? [],
            result.exhaustiveFacetsCount,
          )}
          onClose={() => setOpenType(null)}
          onApply={(selection) => {
            setOpenType(null);
            goTo((current) => ({ ...current, q: search.flush(), selection: selection ?? {} }), {
              replace: false,
            });
          }}
        />
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <RouteLoadError
      title="Marketplace"
      fallback={t.loadFailed}
      back={
        <Link to="/" reloadDocument>
          Try again
        </Link>
      }
    />
  );
}
