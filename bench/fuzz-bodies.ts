/**
 * Valid bodies for the write routes, so the fuzzer can change one field of a request
 * that would otherwise pass: the way to reach the code behind the validation.
 */
import { fuzzValue, type Random } from "./fuzz-values";

export type KnownIds = { artworks: string[]; categories: string[]; all: string[] };

const ADDRESS = { line1: "1 Main St", city: "Albany", state: "NY", postal_code: "12207" };

export function validBody(
  key: string,
  ids: KnownIds,
  rand: Random,
): Record<string, unknown> | null {
  const artworkId = ids.artworks.length ? rand.pick(ids.artworks) : "";
  const email = `fuzz.${rand.int(0, 999_999_999)}@example.com`;
  const listing = {
    title: "Fuzzed",
    createdYear: 2020,
    categoryIds: ids.categories.slice(0, 1),
    isForSale: true,
    price: 10_000,
    materials: "Oil",
    width: 10,
    height: 10,
    depth: 0,
    description: "A work.",
    isPublicArt: false,
    allowBuyerPickUp: false,
    zipCode: null,
    imageIds: [],
  };
  const bodies: Record<string, Record<string, unknown>> = {
    "POST /api/auth/sign-up/email": {
      firstName: "Ada",
      lastName: "Fuzz",
      email,
      password: "secret-123",
      occupation: rand.pick(["collector", "artist"]),
      instagramHandle: "ada",
      acceptTerms: true,
    },
    "POST /api/auth/sign-in/email": { email, password: "secret-123" },
    "POST /api/auth/request-password-reset": { email },
    "POST /api/auth/reset-password": { token: "abcdef", newPassword: "secret-123" },
    "PATCH /api/me": {
      firstName: "Ada",
      lastName: "Fuzz",
      bio: "Hello",
      location: "Austin",
      birthYear: 1980,
    },
    "POST /api/artworks": listing,
    "PATCH /api/artworks/:id": listing,
    "POST /api/checkout/quote": { artworkId, email, shippingAddress: ADDRESS },
    "POST /api/checkout/payments": {
      artworkId,
      email,
      shippingAddress: ADDRESS,
      expectedTotal: 10_800,
    },
    "POST /api/checkout/simulated/confirm": {
      clientSecret: "sim_secret",
      card: { number: "4242424242424242", expMonth: 12, expYear: 2035, cvc: "123" },
      billingDetails: { name: "Ada", email },
    },
    "POST /api/checkout/complete": {
      paymentId: "00000000-0000-4000-8000-000000000000",
      clientSecret: "sim_secret",
    },
    "POST /signin": { email, password: "secret-123" },
    "POST /signup": {
      firstName: "Ada",
      lastName: "Fuzz",
      email,
      password: "secret-123",
      occupation: "collector",
      acceptTerms: "on",
    },
    "POST /reset-password": { token: "abcdef", newPassword: "secret-123" },
    "POST /profile": { intent: "edit", firstName: "Ada", lastName: "Fuzz", bio: "Hi" },
  };
  return bodies[key] ?? null;
}

/** The body with one leaf (possibly inside an address or a card) replaced by a fuzzed value. */
export function mutateOneField(
  body: Record<string, unknown>,
  rand: Random,
  all: readonly string[],
) {
  const copy = structuredClone(body);
  let target: Record<string, unknown> = copy;
  for (;;) {
    const keys = Object.keys(target);
    const key = rand.pick(keys);
    const value = target[key];
    if (value && typeof value === "object" && !Array.isArray(value) && rand.chance(0.7)) {
      target = value as Record<string, unknown>;
      continue;
    }
    target[key] = fuzzValue(rand, all);
    return copy;
  }
}
