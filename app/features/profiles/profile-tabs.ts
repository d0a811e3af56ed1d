/** SPEC §2 profile tabs, in order. The value is the `?tab=` of the page's address. */
export type ProfileTabValue = "listings" | "collection" | "all" | "saved" | "following";

export type ProfileTabInfo = { value: ProfileTabValue; label: string };

const ALL_TABS: ReadonlyArray<ProfileTabInfo & { artistsOnly: boolean; ownOnly: boolean }> = [
  { value: "listings", label: "Listings", artistsOnly: true, ownOnly: false },
  { value: "collection", label: "Collection", artistsOnly: false, ownOnly: true },
  { value: "all", label: "All Works", artistsOnly: true, ownOnly: false },
  // Private lists, never shown to anyone else.
  { value: "saved", label: "Saved", artistsOnly: false, ownOnly: true },
  { value: "following", label: "Following", artistsOnly: false, ownOnly: true },
];

/**
 * SPEC §2/§6: Listings and All Works exist for artists; Collection, Saved and Following
 * only on one's own profile. A collector seen by someone else has no tabs at all.
 */
export function visibleTabs(profile: { isArtist: boolean }, isOwn: boolean): ProfileTabInfo[] {
  return ALL_TABS.filter((t) => (!t.artistsOnly || profile.isArtist) && (!t.ownOnly || isOwn)).map(
    ({ value, label }) => ({ value, label }),
  );
}

/** The tab the address asks for if this viewer has it, else the first one (null: no tabs). */
export function chooseTab(
  tabs: ReadonlyArray<ProfileTabInfo>,
  requested: string | null | undefined,
): ProfileTabValue | null {
  return tabs.find((t) => t.value === requested)?.value ?? tabs[0]?.value ?? null;
}

/** The query string of a tab; the first tab is the bare address. */
export function profileTabSearch(
  tabs: ReadonlyArray<ProfileTabInfo>,
  tab: ProfileTabValue,
): string {
  return tabs[0]?.value === tab ? "" : `?tab=${tab}`;
}
