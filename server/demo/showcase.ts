import { randomUUID } from "node:crypto";
import type { Composition } from "./art";
import type { ArtworkPlan } from "./catalog";
import { createRng } from "./random";

export type ExhibitionPlan = {
  id: string;
  name: string;
  description: string;
  address: string;
  isActive: boolean;
  /** Null: the exhibition has no banner image. */
  banner: Composition | null;
  artworkIds: string[];
  createdAt: Date;
  /** Calendar days, "2026-11-12". */
  startsOn: string;
  endsOn: string;
  openingHours: string;
};

export type BannerPlan = {
  id: string;
  isActive: boolean;
  composition: Composition;
  text: { title: string; subtitle: string };
  createdAt: Date;
};

const EXHIBITION_BANNER = { width: 1600, height: 600 } as const;
const HOME_BANNER = { width: 2400, height: 600 } as const;
const DAY = 86_400_000;

const EXHIBITIONS = [
  {
    name: "Coastlines",
    description:
      "Fog, tide and long summer evenings: painters and photographers from the West Coast look at the edge of the continent. Opening reception on the first Thursday of the month, 6–9 pm.",
    address: "1120 NW Couch St, Portland, OR 97209",
    isActive: true,
    artists: [0, 1, 2, 5],
    count: 7,
    banner: { style: "landscape", hue: 24 },
    daysAgo: 12,
    runDays: 52,
    openingHours: "Wed–Sun 11:00–18:00, Thursdays until 21:00",
  },
  {
    name: "Material Matters",
    description:
      "Clay, thread, bronze and paper. Four artists who think with their hands show new work made for this exhibition, alongside studio tests and process notes.",
    address: "548 W 22nd St, New York, NY 10011",
    isActive: true,
    artists: [2, 4, 7, 8],
    count: 6,
    banner: { style: "organic", hue: 38 },
    daysAgo: 30,
    runDays: 45,
    openingHours: "Tue–Sat 10:00–18:00",
  },
  {
    name: "Winter Salon",
    description:
      "Our annual salon-style hang of drawings, prints and digital works. The exhibition has closed; many works are still available from the artists.",
    address: "2130 N Halsted St, Chicago, IL 60614",
    isActive: false,
    artists: [3, 5, 6],
    count: 5,
    banner: null,
    daysAgo: 140,
    runDays: 60,
    openingHours: "Tue–Sun 12:00–17:00",
  },
] as const;

/** Three exhibitions (two active), each showing 5–7 works by the listed artists. */
export function planExhibitions(
  seed: number,
  artworks: readonly ArtworkPlan[],
  now = new Date(),
): ExhibitionPlan[] {
  const rng = createRng(seed);
  const used = new Set<string>();
  return EXHIBITIONS.map((e) => {
    const artists = new Set<number>(e.artists);
    const candidates = rng.shuffle(
      artworks.filter(
        (a) => artists.has(a.artistIndex) && a.priceCents !== null && !used.has(a.id),
      ),
    );
    // For-sale works first, then sold ones, so the show is mostly buyable.
    const chosen = [
      ...candidates.filter((a) => a.isForSale),
      ...candidates.filter((a) => !a.isForSale),
    ].slice(0, e.count);
    for (const a of chosen) used.add(a.id);
    return {
      id: randomUUID(),
      name: e.name,
      description: e.description,
      address: e.address,
      isActive: e.isActive,
      banner: e.banner ? { ...e.banner, seed: rng.int(1, 2 ** 31), ...EXHIBITION_BANNER } : null,
      artworkIds: chosen.map((a) => a.id),
      createdAt: new Date(now.getTime() - e.daysAgo * DAY),
      // Each opened the day it was made and runs `runDays`: the two active ones are on now.
      startsOn: isoDay(now.getTime() - e.daysAgo * DAY),
      endsOn: isoDay(now.getTime() + (e.runDays - e.daysAgo) * DAY),
      openingHours: e.openingHours,
    };
  });
}

function isoDay(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** The home-page banners: one active, one retired. */
export function planBanners(seed: number, now = new Date()): BannerPlan[] {
  const rng = createRng(seed);
  return [
    {
      id: randomUUID(),
      isActive: true,
      composition: { style: "organic", hue: 140, seed: rng.int(1, 2 ** 31), ...HOME_BANNER },
      text: { title: "Spring Collection", subtitle: "New work from nine independent artists" },
      createdAt: new Date(now.getTime() - 2 * DAY),
    },
    {
      id: randomUUID(),
      isActive: false,
      composition: { style: "bands", hue: 220, seed: rng.int(1, 2 ** 31), ...HOME_BANNER },
      text: { title: "Winter Salon", subtitle: "Drawings, prints and digital works" },
      createdAt: new Date(now.getTime() - 120 * DAY),
    },
  ];
}
