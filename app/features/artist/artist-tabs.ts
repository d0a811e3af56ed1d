import type { ArtistTab } from "../../../server/features/discovery.service";

/** SPEC §2 artist profile tabs, in order. The value is the `?tab=` of the page's address. */
export const ARTIST_TABS: ReadonlyArray<{ value: ArtistTab; label: string }> = [
  { value: "all", label: "All Works" },
  { value: "forSale", label: "For Sale" },
  { value: "sold", label: "Sold" },
];

/** Anything but a known tab reads as All Works, so an edited address never fails. */
export function parseArtistTab(value: string | null | undefined): ArtistTab {
  return ARTIST_TABS.some((t) => t.value === value) ? (value as ArtistTab) : "all";
}

/** The query string of a tab; All Works is the bare address. */
export function artistTabSearch(tab: ArtistTab): string {
  return tab === "all" ? "" : `?tab=${tab}`;
}

/**
 * WAI-ARIA tabs keyboard model: Left/Right move to the previous/next tab and wrap,
 * Home/End go to the first/last. Any other key: null (not ours).
 */
export function tabAfterKey(current: ArtistTab, key: string): ArtistTab | null {
  const index = ARTIST_TABS.findIndex((t) => t.value === current);
  const count = ARTIST_TABS.length;
  let next: number;
  if (key === "ArrowRight") next = (index + 1) % count;
  else if (key === "ArrowLeft") next = (index - 1 + count) % count;
  else if (key === "Home") next = 0;
  else if (key === "End") next = count - 1;
  else return null;
  return ARTIST_TABS[next]?.value ?? null;
}
