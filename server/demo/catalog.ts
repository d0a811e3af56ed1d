import { randomUUID } from "node:crypto";
import type { ArtworkStatus } from "../db/schema";
import type { Composition } from "./art";
import { pixelSize } from "./images";
import { type CategoryName, DEMO_ARTISTS, DEMO_CITIES } from "./people";
import { createRng, type Rng } from "./random";

/** The SPEC's six price filters, in cents: [min, max, rounding step]. Never on a boundary. */
export const PRICE_RANGES = [
  [2_500, 9_500, 500],
  [12_000, 48_000, 2_500],
  [55_000, 95_000, 5_000],
  [120_000, 480_000, 10_000],
  [550_000, 950_000, 25_000],
  [1_200_000, 4_500_000, 50_000],
] as const;

/** Who ends up owning a sold work: the demo collector, the admin, or (by index) a fellow artist. */
export type Buyer = "collector" | "admin" | { artist: number };

export type ArtworkPlan = {
  id: string;
  artistIndex: number;
  title: string;
  createdYear: number | null;
  materials: string;
  description: string;
  width: number;
  height: number;
  depth: number;
  priceCents: number | null;
  isForSale: boolean;
  status: ArtworkStatus;
  isCurated: boolean;
  randomOrder: number;
  isPublicArt: boolean;
  allowBuyerPickUp: boolean;
  zipCode: string | null;
  categories: CategoryName[];
  soldTo: Buyer | null;
  createdAt: Date;
  images: Composition[];
};

const MATERIALS: Record<CategoryName, readonly string[]> = {
  painting: [
    "Oil on linen",
    "Oil on canvas",
    "Acrylic on canvas",
    "Gouache on paper",
    "Oil and cold wax on panel",
  ],
  photography: [
    "Archival pigment print",
    "Silver gelatin print",
    "Chromogenic print, edition of 10",
  ],
  sculpture: [
    "Cast bronze",
    "Carved walnut",
    "Welded steel with patina",
    "Hydrocal and steel armature",
  ],
  drawing: [
    "Graphite on Arches paper",
    "Charcoal on paper",
    "Ink and wash on paper",
    "Colored pencil on paper",
  ],
  printmaking: [
    "Screenprint, edition of 25",
    "Linocut on Japanese paper",
    "Etching with aquatint",
    "Woodcut, edition of 12",
  ],
  mixed_media: [
    "Acrylic, paper and thread on panel",
    "Mixed media on wood",
    "Found objects and resin",
  ],
  digital_art: [
    "Archival inkjet print on Hahnemühle paper",
    "Giclée print of generated image, edition of 5",
  ],
  textile_art: [
    "Hand-woven wool and linen",
    "Indigo-dyed cotton, hand stitched",
    "Silk and cotton on a wooden loom frame",
  ],
  ceramics: ["Stoneware with wood-ash glaze", "Porcelain, celadon glaze", "Hand-built stoneware"],
  collage: [
    "Cut paper and gouache on board",
    "Found postcards and acrylic on panel",
    "Paper collage on wood",
  ],
};

/** Long-side range in inches per main category. */
const SIZES: Record<CategoryName, readonly [number, number]> = {
  painting: [12, 72],
  photography: [11, 48],
  sculpture: [10, 60],
  drawing: [8, 30],
  printmaking: [8, 36],
  mixed_media: [10, 48],
  digital_art: [12, 40],
  textile_art: [18, 72],
  ceramics: [6, 20],
  collage: [8, 40],
};

const OPENINGS = [
  "Made over a long winter in the studio, this piece",
  "One of the strongest works of the series, it",
  "Begun as a quick sketch and finished months later, this work",
  "Quiet at first glance, the piece",
  "Part of an ongoing body of work, it",
  "Shown for the first time here, this work",
];
const MIDDLES = [
  "plays warm and cool tones against each other until the surface seems to breathe.",
  "is about memory and place, and about how a familiar view changes with the light.",
  "balances hard edges with softer, improvised passages.",
  "rewards close looking: small marks and corrections remain visible.",
  "grew out of walks through the artist's neighborhood at dawn.",
  "holds a whole afternoon of weather in a single frame.",
];
const CLOSINGS = [
  "Signed on the reverse.",
  "Ships ready to hang.",
  "Comes with a certificate of authenticity.",
  "Framed in natural oak.",
  "",
];

function describe(rng: Rng, materials: string): string {
  const medium = materials ? ` ${materials}.` : "";
  return `${rng.pick(OPENINGS)} ${rng.pick(MIDDLES)}${medium} ${rng.pick(CLOSINGS)}`.trim();
}

function dimensions(rng: Rng, category: CategoryName, priceRange: number) {
  const [min, max] = SIZES[category];
  const t = Math.min(1, (priceRange + rng.next()) / PRICE_RANGES.length);
  const long = Math.round(min + (max - min) * t);
  const short = Math.max(6, Math.round(long * rng.float(0.55, 0.85)));
  const shape = rng.int(0, 4); // 0–1 portrait, 2–3 landscape, 4 square
  const [width, height] = shape <= 1 ? [short, long] : shape <= 3 ? [long, short] : [long, long];
  const depth =
    category === "sculpture" || category === "ceramics"
      ? rng.int(category === "ceramics" ? 4 : 6, 12)
      : 0;
  return { width, height, depth };
}

/** Exact counts per price range among priced works, so every filter finds something. */
function priceRangeList(rng: Rng, n: number): number[] {
  const weights = [6, 13, 11, 16, 8, 6];
  const total = weights.reduce((a, b) => a + b, 0);
  const list = weights.flatMap((w, i) =>
    Array.from({ length: Math.max(1, Math.round((w / total) * n)) }, () => i),
  );
  while (list.length < n) list.push(3);
  return rng.shuffle(list.slice(0, n));
}

/** Every demo artwork, fully decided before anything is written. Deterministic except ids and dates. */
export function planArtworks(seed: number, now = new Date()): ArtworkPlan[] {
  const rng = createRng(seed);
  const slots = DEMO_ARTISTS.flatMap((artist, artistIndex) =>
    artist.titles.map((title, n) => ({ artistIndex, title, n })),
  );
  const saleKind = (i: number) => (i % 11 === 4 ? "sold" : i % 11 === 8 ? "offers" : "for-sale");
  const ranges = priceRangeList(rng, slots.filter((_, i) => saleKind(i) !== "offers").length);
  const buyers: Buyer[] = [
    "collector",
    "collector",
    "collector",
    "collector",
    "admin",
    { artist: 8 },
  ];
  const curatedArtists = new Set<number>();
  const pickUpArtists = new Set<number>();
  let sold = 0;
  return slots.map(({ artistIndex, title, n }, i) => {
    const artist = DEMO_ARTISTS[artistIndex];
    if (!artist) throw new Error("unknown artist");
    const main = artist.categories[n % 3 === 2 ? 1 : 0] ?? "painting";
    const categories = new Set<CategoryName>([main]);
    if (rng.chance(0.45)) categories.add(rng.pick(artist.categories));
    if (rng.chance(0.15)) categories.add(rng.pick(["mixed_media", "collage", "drawing"] as const));
    const kind = saleKind(i);
    const range = kind === "offers" ? 3 : (ranges.shift() ?? 3);
    const [min, max, step] = PRICE_RANGES[range] ?? PRICE_RANGES[3];
    const price = Math.round(rng.int(min, max) / step) * step;
    const size = dimensions(rng, main, range);
    const forSale = kind === "for-sale";
    const isCurated =
      forSale &&
      (i === 0 || (artistIndex >= 1 && artistIndex <= 7 && !curatedArtists.has(artistIndex)));
    if (isCurated) curatedArtists.add(artistIndex);
    const big = size.depth > 0 || Math.max(size.width, size.height) >= 36;
    const pickUp = forSale && big && pickUpArtists.size < 6 && !pickUpArtists.has(artistIndex);
    if (pickUp) pickUpArtists.add(artistIndex);
    const materials = i === 44 ? "" : rng.pick(MATERIALS[main]);
    const imageCount = i % 5 === 0 ? 2 + (i % 3) : 1;
    const px = pixelSize(size.width, size.height);
    const images: Composition[] = Array.from({ length: imageCount }, (_, k) => ({
      style:
        k === 0
          ? (artist.styles[n % artist.styles.length] ?? "geometric")
          : rng.pick(artist.styles),
      seed: rng.int(1, 2 ** 31),
      hue: artist.hue + rng.int(-20, 20),
      ...(k % 2 === 1 ? pixelSize(1, 1, 1200) : px),
      lighthouse: k === 0 && title === "Lighthouse at Dusk",
    }));
    return {
      id: randomUUID(),
      artistIndex,
      title,
      createdYear: i === 21 || i === 52 ? null : rng.int(2014, 2025),
      materials,
      description: describe(rng, materials),
      ...size,
      priceCents: kind === "offers" ? null : price,
      isForSale: forSale,
      status: kind === "offers" ? "not for sale" : "available",
      isCurated,
      randomOrder: rng.int(1, 1000),
      isPublicArt: title === "Column for a Garden",
      allowBuyerPickUp: pickUp,
      zipCode: pickUp ? (DEMO_CITIES.find((c) => c.name === artist.city)?.zip ?? "10001") : null,
      categories: [...categories].slice(0, 3),
      soldTo: kind === "sold" ? (buyers[sold++] ?? "collector") : null,
      createdAt: new Date(now.getTime() - rng.int(1, 360) * 86_400_000 - rng.int(0, 86_399_999)),
      images,
    };
  });
}
