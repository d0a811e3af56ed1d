import { count, eq, sql } from "drizzle-orm";
import { DEMO_ADMIN_BACKUP_CODES, DEMO_ADMIN_TWO_STEP_SECRET } from "../../domain/demo-two-step";
import type { Database, Queryable } from "../db/client";
import {
  artCategories,
  artworkCategories,
  artworkImages,
  artworks,
  banners,
  cities,
  exhibitionArtworks,
  exhibitions,
  twoFactors,
  users,
} from "../db/schema";
import type { AppServices } from "../services";
import type { Composition } from "./art";
import { type ArtworkPlan, type Buyer, planArtworks } from "./catalog";
import { renderArtworkImage, renderBannerImage, type StoredImage } from "./images";
import { createPictureCache, type PictureCache } from "./picture-cache";
import { createDemoAccounts } from "./accounts";
import { createDemoApplications } from "./applications";
import { DEMO_ARTISTS, DEMO_CATEGORIES, DEMO_CITIES } from "./people";
import { mapLimit } from "./random";
import { type DemoSale, makeDemoSales } from "./sales";
import { planBanners, planExhibitions } from "./showcase";

export const DEMO_PASSWORD = "vernissage-demo";

/** The accounts worth signing in with; every demo account uses DEMO_PASSWORD. */
export const DEMO_ACCOUNTS: ReadonlyArray<{ email: string; role: string }> = [
  { email: "artist@demo.vernissage.test", role: "artist" },
  { email: "collector@demo.vernissage.test", role: "collector" },
  { email: "applicant@demo.vernissage.test", role: "applicant" },
  { email: "admin@demo.vernissage.test", role: "admin" },
];

/**
 * What loading the demo uses of the services: storage for pictures, auth for password
 * hashes, checkout for the sold works' purchases.
 */
type DemoServices = Pick<AppServices, "storage" | "logger" | "auth" | "checkout">;

/** Changing it changes every generated title order, price and picture. */
const SEED = 20_240_501;
/** Any fixed number: the advisory lock that makes one process load the demo. */
const DEMO_LOCK_KEY = 7_240_501;
/** Image renders in flight; sharp uses its own threads underneath. */
const RENDER_CONCURRENCY = 4;

/** Every picture of every artwork, rendered a few at a time; keyed by artwork id. */
async function renderArtworkImages(
  services: DemoServices,
  plans: readonly ArtworkPlan[],
  cache: PictureCache | null,
): Promise<Map<string, StoredImage[]>> {
  const jobs = plans.flatMap((plan) =>
    plan.images.map((composition, n) => ({ plan, n, composition })),
  );
  const stored = await mapLimit(jobs, RENDER_CONCURRENCY, ({ plan, n, composition }) =>
    renderArtworkImage(services.storage, `artworks/${plan.id}/${n}`, composition, cache),
  );
  const byArtwork = new Map<string, StoredImage[]>();
  jobs.forEach(({ plan, n }, i) => {
    const list = byArtwork.get(plan.id) ?? [];
    const image = stored[i];
    if (image) list[n] = image;
    byArtwork.set(plan.id, list);
  });
  return byArtwork;
}

/** No user yet: a first start. Checked again inside the load's transaction. */
async function isEmpty(db: Queryable): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0;
}

/**
 * Fills an empty database with a small, believable marketplace: 9 artists and
 * their artworks (with generated pictures), a collector, an applicant, an
 * admin, exhibitions and home-page banners. Same content on every run.
 *
 * The pictures are rendered to storage first (under fixed names, so a rerun
 * overwrites them); then every row is written in one transaction. A start killed
 * part-way leaves no rows, the database is still empty, and the next start loads
 * the demo again, whole. Returns false when the database was not empty (another
 * process loaded it first: the transaction takes an advisory lock and checks again).
 * The database is handed in: the services never expose it.
 */
export async function seedDemoData(
  db: Database,
  services: DemoServices,
  /** Where drawn pictures are kept between first starts (picture-cache.ts); null: none. */
  pictureCache: PictureCache | null = createPictureCache(),
): Promise<boolean> {
  const started = Date.now();
  const { storage, logger } = services;
  if (!(await isEmpty(db))) return false;
  logger.info("Loading demo data (first start)…");
  const plans = planArtworks(SEED);
  const exhibitionPlans = planExhibitions(SEED + 1, plans);
  const bannerPlans = planBanners(SEED + 2);

  const wide: Array<{
    key: string;
    composition: Composition;
    text?: { title: string; subtitle: string };
  }> = [
    ...exhibitionPlans.flatMap((e) =>
      e.banner ? [{ key: `exhibitions/${e.id}/banner.webp`, composition: e.banner }] : [],
    ),
    ...bannerPlans.map((b) => ({
      key: `banners/${b.id}.webp`,
      composition: b.composition,
      text: b.text,
    })),
  ];
  const [images, wideRendered] = await Promise.all([
    renderArtworkImages(services, plans, pictureCache),
    mapLimit(wide, 2, (w) =>
      renderBannerImage(storage, w.key, w.composition, w.text, pictureCache),
    ),
  ]);
  const imagesOf = (id: string) => images.get(id) ?? [];
  const wideUrls = new Map(wide.map((w, i) => [w.key, wideRendered[i]]));
  const wideUrl = (key: string) => wideUrls.get(key) ?? null;

  const loaded = await db.transaction(async (tx) => {
    // Two processes starting on one empty PostgreSQL database: one loads, one skips.
    await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_LOCK_KEY})`);
    if (!(await isEmpty(tx))) return false;
    logger.info("Writing the demo rows…");
    const cityRows = await tx
      .insert(cities)
      .values(DEMO_CITIES.map((c) => ({ name: c.name })))
      .returning();
    const cityIds = new Map(cityRows.map((c) => [c.name, c.id]));
    const categoryRows = await tx
      .insert(artCategories)
      .values(DEMO_CATEGORIES.map((name) => ({ name })))
      .returning();
    const categoryIds = new Map(categoryRows.map((c) => [c.name, c.id]));

    const accounts = await createDemoAccounts(
      tx,
      services.auth.hashPassword,
      DEMO_PASSWORD,
      cityIds,
    );
    await createDemoApplications(tx, services.auth.hashPassword, DEMO_PASSWORD, accounts);
    const { artists: artistIds, collector: collectorId, admin: adminId } = accounts;
    // Decision 0057: the console needs two-step verification; the demo admin has it on.
    await tx
      .insert(twoFactors)
      .values(
        await services.auth.twoStepRowFor(
          adminId,
          DEMO_ADMIN_TWO_STEP_SECRET,
          DEMO_ADMIN_BACKUP_CODES,
        ),
      );
    await tx.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, adminId));
    const artistId = (index: number) => {
      const id = artistIds[index];
      if (!id) throw new Error(`no demo artist #${index}`);
      return id;
    };
    const buyerOf = (buyer: Buyer) =>
      buyer === "collector" ? collectorId : buyer === "admin" ? adminId : artistId(buyer.artist);

    await tx.insert(artworks).values(
      plans.map((p) => {
        const [cover] = imagesOf(p.id);
        return {
          id: p.id,
          title: p.title,
          createdYear: p.createdYear,
          materials: p.materials,
          description: p.description,
          width: p.width,
          height: p.height,
          depth: p.depth,
          priceCents: p.priceCents,
          // A sold work is listed for sale here and bought below, as a buyer buys it.
          isForSale: p.isForSale || p.soldTo !== null,
          isCurated: p.isCurated,
          randomOrder: p.randomOrder,
          isPublicArt: p.isPublicArt,
          allowBuyerPickUp: p.allowBuyerPickUp,
          zipCode: p.zipCode,
          imageOriginal: cover?.original ?? null,
          imageMedium: cover?.medium ?? null,
          imageThumbnail: cover?.thumbnail ?? null,
          status: p.status,
          artistId: artistId(p.artistIndex),
          ownerId: artistId(p.artistIndex),
          createdAt: p.createdAt,
          updatedAt: p.createdAt,
        };
      }),
    );
    await tx.insert(artworkImages).values(
      plans.flatMap((p) =>
        imagesOf(p.id).map((img, position) => ({
          artworkId: p.id,
          position,
          type: "artist_uploaded",
          ...img,
        })),
      ),
    );
    await tx.insert(artworkCategories).values(
      plans.flatMap((p) =>
        p.categories.flatMap((name) => {
          const categoryId = categoryIds.get(name);
          return categoryId ? [{ artworkId: p.id, categoryId }] : [];
        }),
      ),
    );
    await tx.insert(exhibitions).values(
      exhibitionPlans.map((e) => ({
        id: e.id,
        name: e.name,
        description: e.description,
        address: e.address,
        isActive: e.isActive,
        bannerUrl: e.banner ? wideUrl(`exhibitions/${e.id}/banner.webp`) : null,
        createdAt: e.createdAt,
        startsOn: e.startsOn,
        endsOn: e.endsOn,
        openingHours: e.openingHours,
      })),
    );
    await tx
      .insert(exhibitionArtworks)
      .values(
        exhibitionPlans.flatMap((e) =>
          e.artworkIds.map((artworkId, position) => ({ exhibitionId: e.id, artworkId, position })),
        ),
      );
    await tx.insert(banners).values(
      bannerPlans.map((b) => ({
        id: b.id,
        isActive: b.isActive,
        createdAt: b.createdAt,
        imageUrl: wideUrl(`banners/${b.id}.webp`) ?? "",
        altText: `${b.text.title}: ${b.text.subtitle}`,
      })),
    );
    return plans.flatMap((p): DemoSale[] =>
      p.soldTo === null ? [] : [{ artworkId: p.id, buyerId: buyerOf(p.soldTo) }],
    );
  });
  if (!loaded) return false;
  const sold = await makeDemoSales(db, services, loaded);

  const imageCount = [...images.values()].reduce((n, list) => n + list.length, 0);
  logger.info("Demo data loaded", {
    users: DEMO_ARTISTS.length + 3,
    artists: DEMO_ARTISTS.length,
    artworks: plans.length,
    images: imageCount,
    exhibitions: exhibitionPlans.length,
    banners: bannerPlans.length,
    sales: sold,
    ms: Date.now() - started,
  });
  return true;
}
