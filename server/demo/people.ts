import type { ShippingAddress } from "../db/schema";
import type { ArtStyle } from "./art";

/** Cities of the demo marketplace, with a ZIP code used for buyer pick-up. */
export const DEMO_CITIES = [
  { name: "New York", zip: "10013", state: "NY" },
  { name: "Los Angeles", zip: "90012", state: "CA" },
  { name: "Chicago", zip: "60607", state: "IL" },
  { name: "San Francisco", zip: "94110", state: "CA" },
  { name: "Austin", zip: "78702", state: "TX" },
  { name: "Seattle", zip: "98122", state: "WA" },
  { name: "Miami", zip: "33127", state: "FL" },
  { name: "Portland", zip: "97214", state: "OR" },
] as const;
export type CityName = (typeof DEMO_CITIES)[number]["name"];

/** Stored with underscores; the app shows them capitalised with spaces. */
export const DEMO_CATEGORIES = [
  "painting",
  "photography",
  "sculpture",
  "drawing",
  "printmaking",
  "mixed_media",
  "digital_art",
  "textile_art",
  "ceramics",
  "collage",
] as const;
export type CategoryName = (typeof DEMO_CATEGORIES)[number];

export type ArtistProfile = {
  firstName: string;
  lastName: string;
  email: string;
  city: CityName;
  bio: string;
  birthYear: number | null;
  instagramHandle: string | null;
  websiteURL: string | null;
  /** The first is the artist's main medium. */
  categories: readonly CategoryName[];
  styles: readonly ArtStyle[];
  /** Base hue (0–360) of the artist's palettes. */
  hue: number;
  /** One artwork per title; "" exercises the 'Untitled' fallback. */
  titles: readonly string[];
};

const artistEmail = (first: string, last: string) =>
  `${first}.${last}@artists.demo.vernissage.test`.toLowerCase();

function artist(p: Omit<ArtistProfile, "email">, email?: string): ArtistProfile {
  return { ...p, email: email ?? artistEmail(p.firstName, p.lastName) };
}

/** Nine approved artists; the first is the artist@ demo account. */
export const DEMO_ARTISTS: readonly ArtistProfile[] = [
  artist(
    {
      firstName: "Elena",
      lastName: "Marsh",
      city: "Portland",
      birthYear: 1986,
      bio: "Elena Marsh paints the edges of the Pacific Northwest: tide flats, fog banks and the last light on the water. She works in oil on linen from a converted boathouse studio on the Willamette.",
      instagramHandle: "elenamarsh.studio",
      websiteURL: "https://elenamarsh.example.com",
      categories: ["painting", "drawing"],
      styles: ["landscape", "color-field", "landscape"],
      hue: 24,
      titles: [
        "Lighthouse at Dusk",
        "Low Tide, Cannon Beach",
        "Fog Study No. 3",
        "The Long Shore",
        "Evening Ferry",
        "Salt Marsh in October",
        "Harbor Lights",
        "After the Storm",
        "Blue Hour",
        "Driftwood Garden",
      ],
    },
    "artist@demo.vernissage.test",
  ),
  artist({
    firstName: "Julian",
    lastName: "Reyes",
    city: "Los Angeles",
    birthYear: 1979,
    bio: "Julian Reyes photographs the architecture of Los Angeles in the hours when it empties out. His large-format prints have been shown in Mexico City, Berlin and at home in Boyle Heights.",
    instagramHandle: "julianreyes.photo",
    websiteURL: "https://julianreyes.example.com",
    categories: ["photography", "digital_art"],
    styles: ["landscape", "geometric"],
    hue: 195,
    titles: [
      "Pool, Echo Park",
      "Sunset Boulevard, 5:42 am",
      "Palm Shadow",
      "Concrete River",
      "Parking Structure No. 9",
      "Bungalow Court",
      "Mulholland Haze",
      "Stucco Study",
    ],
  }),
  artist({
    firstName: "Hana",
    lastName: "Sato",
    city: "Seattle",
    birthYear: 1991,
    bio: "Hana Sato throws and hand-builds stoneware in a shared studio in Georgetown, firing with wood ash she collects from friends' fireplaces.",
    instagramHandle: "hanasato.clay",
    websiteURL: null,
    categories: ["ceramics", "sculpture"],
    styles: ["organic", "mosaic"],
    hue: 160,
    titles: [
      "Vessel for Rain",
      "Tide Pool Bowl",
      "Moon Jar I",
      "Moon Jar II",
      "Stacked Stones",
      "Ash Glaze Cylinder",
      "Quiet Forms",
    ],
  }),
  artist({
    firstName: "Marcus",
    lastName: "Bell",
    city: "Chicago",
    birthYear: 1968,
    bio: "Printmaker Marcus Bell has spent thirty years drawing the L, the lake and the grid. He teaches relief printing on the South Side and pulls every edition by hand.",
    instagramHandle: "marcusbellprints",
    websiteURL: "https://marcusbell.example.com",
    categories: ["printmaking", "drawing"],
    styles: ["bands", "geometric"],
    hue: 352,
    titles: [
      "El Platform",
      "Lake Effect",
      "Grid City",
      "Red Line North",
      "Union Station Vault",
      "Prairie Avenue",
      "Bridgehouse",
    ],
  }),
  artist({
    firstName: "Priya",
    lastName: "Nair",
    city: "Austin",
    birthYear: 1988,
    bio: "Priya Nair weaves and dyes textiles that bring together the saris of her grandmother's Kerala and the hard light of Central Texas.",
    instagramHandle: "priyanair.textiles",
    websiteURL: null,
    categories: ["textile_art", "mixed_media"],
    styles: ["bands", "mosaic"],
    hue: 38,
    titles: [
      "Monsoon Weave",
      "Indigo Field",
      "Saffron Thread",
      "Grandmother's Sari",
      "Warp and Weft No. 4",
      "Heat Map",
      "Loom Song",
    ],
  }),
  artist({
    firstName: "Theo",
    lastName: "Lindqvist",
    city: "San Francisco",
    birthYear: null,
    bio: "Theo Lindqvist writes the software that makes his images. Each print is one frame chosen from thousands of generated variations.",
    instagramHandle: null,
    websiteURL: "https://theolindqvist.example.com",
    categories: ["digital_art", "printmaking"],
    styles: ["geometric", "mosaic"],
    hue: 222,
    titles: [
      "Signal / Noise",
      "Render Farm",
      "Latent Space",
      "Fog Protocol",
      "Pixel Garden",
      "Bay Bridge Glitch",
      "Cache Memory",
    ],
  }),
  artist({
    firstName: "Camille",
    lastName: "Dubois",
    city: "New York",
    birthYear: 1995,
    bio: "Camille Dubois draws every day on the subway between Brooklyn and her studio on the Lower East Side. Her drawings are quick, tender and a little sly.",
    instagramHandle: "camille.draws",
    websiteURL: null,
    categories: ["drawing", "painting"],
    styles: ["lines", "organic"],
    hue: 210,
    titles: [
      "Study of Hands",
      "Line Drawing in Blue",
      "Subway Sleepers",
      "Crossing Delancey",
      "Night Notebook",
      "Portrait of M.",
      "",
    ],
  }),
  artist({
    firstName: "Diego",
    lastName: "Alvarez",
    city: "Miami",
    birthYear: 1983,
    bio: "Diego Alvarez builds collages from postcards, lottery tickets and sun-bleached signage found around Little Havana and Wynwood.",
    instagramHandle: "diegoalvarez.collage",
    websiteURL: "https://diegoalvarez.example.com",
    categories: ["collage", "mixed_media"],
    styles: ["geometric", "organic"],
    hue: 330,
    titles: [
      "Calle Ocho",
      "Flamingo Season",
      "Hurricane Party",
      "Little Havana Postcard",
      "Neon Reef",
      "Art Deco Dreams",
      "Mango Summer",
    ],
  }),
  artist({
    firstName: "Ruth",
    lastName: "Adeyemi",
    city: "New York",
    birthYear: 1972,
    bio: "",
    instagramHandle: "ruthadeyemi.sculpture",
    websiteURL: null,
    categories: ["sculpture", "ceramics"],
    styles: ["organic", "color-field"],
    hue: 18,
    titles: [
      "Standing Figure",
      "Column for a Garden",
      "Weight of Water",
      "Bronze Seed",
      "Threshold",
      "Held",
      "Balance Study",
    ],
  }),
];

export type PersonProfile = {
  firstName: string;
  lastName: string;
  email: string;
  role: "user" | "admin";
  city: CityName | null;
  pendingOccupation: "artist" | null;
  instagramHandle: string | null;
  shippingAddress: ShippingAddress | null;
};

export const DEMO_COLLECTOR: PersonProfile = {
  firstName: "Jordan",
  lastName: "Ellis",
  email: "collector@demo.vernissage.test",
  role: "user",
  city: "Chicago",
  pendingOccupation: null,
  instagramHandle: null,
  shippingAddress: {
    line1: "1452 W Division St, Apt 3",
    city: "Chicago",
    state: "IL",
    postal_code: "60642",
  },
};

export const DEMO_APPLICANT: PersonProfile = {
  firstName: "Sam",
  lastName: "Rivera",
  email: "applicant@demo.vernissage.test",
  role: "user",
  city: "Austin",
  pendingOccupation: "artist",
  instagramHandle: "samrivera.art",
  shippingAddress: null,
};

export const DEMO_ADMIN: PersonProfile = {
  firstName: "Alex",
  lastName: "Morgan",
  email: "admin@demo.vernissage.test",
  role: "admin",
  city: null,
  pendingOccupation: null,
  instagramHandle: null,
  shippingAddress: null,
};
