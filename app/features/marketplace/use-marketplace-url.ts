import { useEffect, useMemo, useRef } from "react";
import { useLocation, useNavigate, useNavigation } from "react-router";
import { type MarketplaceQuery, parseMarketplaceQuery, toSearchString } from "./marketplace-query";

/**
 * The view the page is showing or about to show. While the next results load, the
 * controls already reflect the new URL (a removed chip is gone at once, the search
 * box follows Back); `pending` says the results below are still the old ones.
 */
export function useShownQuery(loaded: MarketplaceQuery) {
  const location = useLocation();
  const navigation = useNavigation();
  const target =
    navigation.state !== "idle" && navigation.location?.pathname === "/"
      ? navigation.location
      : location;
  const shown = useMemo(
    () => parseMarketplaceQuery(new URLSearchParams(target.search)).query,
    [target.search],
  );
  const pending = toSearchString(shown) !== toSearchString(loaded) && target !== location;
  return { shown, pending, entryKey: location.key };
}

/**
 * Moves to another view of the marketplace. Typing replaces the history entry;
 * filter changes push one, so Back undoes them. The scroll position stays.
 */
export function useGoToQuery(shown: MarketplaceQuery) {
  const navigate = useNavigate();
  const latest = useRef(shown);
  useEffect(() => {
    latest.current = shown;
  });
  return function goTo(
    change: (current: MarketplaceQuery) => MarketplaceQuery,
    { replace }: { replace: boolean },
  ) {
    const next = change(latest.current);
    const search = toSearchString(next);
    if (search === toSearchString(latest.current)) return;
    latest.current = next;
    void navigate({ pathname: "/", search }, { replace, preventScrollReset: true });
  };
}
