import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { DEFAULT_COMMISSION_BPS, SHIP_BY_DAYS, addDays, splitSale } from "../../domain/orders";
import type { Database } from "../db/client";
import {
  artCategories,
  artworkCategories,
  artworkImages,
  artworks,
  cities,
  exhibitionArtworks,
  exhibitions,
  orders,
  payments,
  users,
} from "../db/schema";

/** Test data with sensible defaults; every factory takes overrides. */

let counter = 0;
const next = () => ++counter;

export async function createCity(db: Database, name = `City ${next()}`) {
  const [row] = await db.insert(cities).values({ name }).returning();
  return row!;
}

export async function createCategory(db: Database, name = `category_${next()}`) {
  const [row] = await db.insert(artCategories).values({ name }).returning();
  return row!;
}

export async function createUser(db: Database, overrides: Partial<typeof users.$inferInsert> = {}) {
  const n = next();
  const firstName = overrides.firstName ?? `First${n}`;
  const lastName = overrides.lastName ?? `Last${n}`;
  const [row] = await db
    .insert(users)
    .values({
      email: `user${n}.${randomUUID().slice(0, 8)}@example.com`,
      firstName,
      lastName,
      displayName: `${firstName} ${lastName}`,
      ...overrides,
    })
    .returning();
  return row!;
}

/** An approved artist whose payouts are active, so their works are listed. */
export function createArtist(db: Database, overrides: Partial<typeof users.$inferInsert> = {}) {
  return createUser(db, {
    isArtist: true,
    payoutStatus: "active",
    payoutAccountId: `acct_${next()}`,
    ...overrides,
  });
}

type ArtworkOverrides = Partial<typeof artworks.$inferInsert> & {
  artistId: string;
  categoryIds?: string[];
  imageCount?: number;
};

export async function createArtwork(
  db: Database,
  { categoryIds = [], imageCount = 1, ...overrides }: ArtworkOverrides,
) {
  const n = next();
  const forSale = overrides.isForSale ?? true;
  const [row] = await db
    .insert(artworks)
    .values({
      title: `Artwork ${n}`,
      createdYear: 2020,
      materials: "Oil on canvas",
      description: "A test artwork.",
      width: 24,
      height: 36,
      priceCents: forSale ? 25_000 : null,
      isForSale: forSale,
      status: forSale ? "available" : "not for sale",
      ownerId: overrides.artistId,
      imageOriginal: `/media/test/${n}-0-original.jpg`,
      imageMedium: `/media/test/${n}-0-medium.webp`,
      imageThumbnail: `/media/test/${n}-0-thumbnail.webp`,
      ...overrides,
    })
    .returning();
  const artwork = row!;
  if (categoryIds.length) {
    await db
      .insert(artworkCategories)
      .values(categoryIds.map((categoryId) => ({ artworkId: artwork.id, categoryId })));
  }
  if (imageCount > 0) {
    await db.insert(artworkImages).values(
      Array.from({ length: imageCount }, (_, position) => ({
        artworkId: artwork.id,
        position,
        original: `/media/test/${n}-${position}-original.jpg`,
        medium: `/media/test/${n}-${position}-medium.webp`,
        thumbnail: `/media/test/${n}-${position}-thumbnail.webp`,
      })),
    );
  }
  return artwork;
}

export async function createExhibition(
  db: Database,
  {
    artworkIds = [],
    ...overrides
  }: Partial<typeof exhibitions.$inferInsert> & { artworkIds?: string[] } = {},
) {
  const n = next();
  const [row] = await db
    .insert(exhibitions)
    .values({
      name: `Exhibition ${n}`,
      description: "A test exhibition.",
      address: "1 Gallery Street, New York, NY",
      bannerUrl: `/media/test/exhibition-${n}.webp`,
      isActive: true,
      ...overrides,
    })
    .returning();
  const exhibition = row!;
  if (artworkIds.length) {
    await db.insert(exhibitionArtworks).values(
      artworkIds.map((artworkId, position) => ({
        exhibitionId: exhibition.id,
        artworkId,
        position,
      })),
    );
  }
  return exhibition;
}

/** A card payment for an artwork (captured by default), as the checkout records it. */
export async function createPayment(
  db: Database,
  overrides: Partial<typeof payments.$inferInsert> & { artworkId: string },
) {
  const n = next();
  const [row] = await db
    .insert(payments)
    .values({
      purchaserEmail: `buyer${n}@example.com`,
      provider: "simulated",
      providerPaymentId: `pi_test_${n}_${randomUUID().slice(0, 8)}`,
      idempotencyKey: `test-${n}-${randomUUID()}`,
      preTaxAmount: 25_000,
      taxAmount: 2_000,
      totalAmount: 27_000,
      status: "captured",
      ...overrides,
    })
    .returning();
  return row!;
}

/**
 * A finished purchase (the SPEC's Transaction) with its captured payment. It does not
 * change the artwork: pass what the sale should look like to createArtwork.
 */
export async function createOrder(
  db: Database,
  overrides: Partial<typeof orders.$inferInsert> & { artworkId: string; purchaserId: string },
) {
  const payment = await createPayment(db, {
    artworkId: overrides.artworkId,
    purchaserId: overrides.purchaserId,
  });
  const [artwork] = await db
    .select({ artistId: artworks.artistId })
    .from(artworks)
    .where(eq(artworks.id, overrides.artworkId));
  const preTaxAmount = overrides.preTaxAmount ?? 25_000;
  const money = splitSale(preTaxAmount, overrides.taxAmount ?? 2_000, DEFAULT_COMMISSION_BPS);
  const [row] = await db
    .insert(orders)
    .values({
      paymentId: payment.id,
      title: "A sold work",
      artistName: "An Artist",
      price: preTaxAmount,
      preTaxAmount,
      taxAmount: money.tax,
      totalAmount: money.total,
      artistId: artwork!.artistId,
      commissionBps: money.commissionBps,
      commissionAmount: money.commission,
      artistNet: money.artistNet,
      shipBy: addDays(new Date(), SHIP_BY_DAYS),
      ...overrides,
    })
    .returning();
  return row!;
}
