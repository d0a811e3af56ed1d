import type { ArtistTab } from "../../../contracts/artists.contract";

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
