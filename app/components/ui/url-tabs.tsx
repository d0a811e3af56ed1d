import { type ReactNode, useRef } from "react";
import { Link, useLocation, useNavigate, useNavigation } from "react-router";

export type TabInfo<T extends string> = { value: T; label: string };

/**
 * WAI-ARIA tabs keyboard model: Left/Right move to the previous/next tab and wrap,
 * Home/End go to the first/last. Any other key: null (not ours).
 */
export function tabAfterKey<T extends string>(
  tabs: ReadonlyArray<TabInfo<T>>,
  current: T,
  key: string,
): T | null {
  const index = tabs.findIndex((t) => t.value === current);
  const count = tabs.length;
  if (count === 0) return null;
  let next: number;
  if (key === "ArrowRight") next = (index + 1) % count;
  else if (key === "ArrowLeft") next = (index - 1 + count) % count;
  else if (key === "Home") next = 0;
  else if (key === "End") next = count - 1;
  else return null;
  return tabs[next]?.value ?? null;
}

/**
 * Tabs whose choice lives in the address (`?tab=`), read by the page's loader: links
 * with the WAI-ARIA tab roles and keyboard model (a tab is shown as soon as it gets
 * focus). While another tab's data loads, that tab is already the selected one and
 * `children` is told it is loading. Ids are `${idPrefix}-tab-<value>` and
 * `${idPrefix}-works-panel`; classes `${idPrefix}-tabs` and `${idPrefix}-tabpanel`.
 */
export function UrlTabs<T extends string>({
  tabs,
  tab,
  parse,
  searchFor,
  label,
  idPrefix,
  panelFocusable,
  children,
}: {
  tabs: ReadonlyArray<TabInfo<T>>;
  /** The tab the loader served. */
  tab: T;
  /** The tab an address's `?tab=` means (null: none of these). */
  parse: (value: string | null) => T | null;
  /** The query string of a tab ("" for the default one). */
  searchFor: (tab: T) => string;
  label: string;
  idPrefix: string;
  /** Focusable only when it holds nothing focusable itself (WAI-ARIA tabs pattern). */
  panelFocusable: (loading: boolean) => boolean;
  children: (loading: boolean) => ReactNode;
}) {
  const location = useLocation();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const tabRefs = useRef(new Map<T, HTMLAnchorElement>());
  const tabId = (value: T) => `${idPrefix}-tab-${value}`;
  const panelId = `${idPrefix}-works-panel`;

  const pending =
    navigation.state === "loading" && navigation.location.pathname === location.pathname
      ? parse(new URLSearchParams(navigation.location.search).get("tab"))
      : null;
  const selected = pending ?? tab;
  const loading = pending !== null && pending !== tab;

  function select(next: T) {
    tabRefs.current.get(next)?.focus();
    void navigate({ search: searchFor(next) }, { replace: true, preventScrollReset: true });
  }

  return (
    <>
      <div
        className={`${idPrefix}-tabs tabs`}
        role="tablist"
        aria-label={label}
        onKeyDown={(event) => {
          const next = tabAfterKey(tabs, selected, event.key);
          if (!next) return;
          event.preventDefault();
          if (next !== selected) select(next);
        }}
      >
        {tabs.map(({ value, label: text }) => {
          const isSelected = value === selected;
          return (
            <Link
              key={value}
              ref={(el) => {
                if (el) tabRefs.current.set(value, el);
                else tabRefs.current.delete(value);
              }}
              to={{ search: searchFor(value) }}
              replace
              preventScrollReset
              role="tab"
              id={tabId(value)}
              aria-selected={isSelected}
              aria-controls={panelId}
              tabIndex={isSelected ? 0 : -1}
              className="tab"
            >
              {text}
            </Link>
          );
        })}
      </div>
      <div
        id={panelId}
        role="tabpanel"
        aria-labelledby={tabId(selected)}
        aria-busy={loading}
        tabIndex={panelFocusable(loading) ? 0 : undefined}
        className={`${idPrefix}-tabpanel tabpanel`}
      >
        {children(loading)}
      </div>
    </>
  );
}
