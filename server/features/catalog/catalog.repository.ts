import { asc, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { artCategories, banners, cities } from "../../db/schema";
import type { ActiveBanner, CatalogEntry } from "../../../contracts/catalog.contract";

export async function listCities(db: Database): Promise<CatalogEntry[]> {
  return db.select({ id: cities.id, name: cities.name }).from(cities).orderBy(asc(cities.name));
}

export async function listCategories(db: Database): Promise<CatalogEntry[]> {
  return db
    .select({ id: artCategories.id, name: artCategories.name })
    .from(artCategories)
    .orderBy(asc(artCategories.name));
}

/** SPEC §7: banners where isActive, limit 1 (the newest when there are several). */
export async function findActiveBanner(db: Database): Promise<ActiveBanner> {
  const [banner] = await db
    .select({ id: banners.id, imageUrl: banners.imageUrl, altText: banners.altText })
    .from(banners)
    .where(eq(banners.isActive, true))
    .orderBy(desc(banners.createdAt))
    .limit(1);
  return banner ?? null;
}

/** Ids in the lists that name no city or category. */
export async function findUnknownIds(
  db: Database,
  ids: { cities: string[]; categories: string[] },
) {
  const [knownCities, knownCategories] = await Promise.all([
    ids.cities.length
      ? db.select({ id: cities.id }).from(cities).where(inArray(cities.id, ids.cities))
      : [],
    ids.categories.length
      ? db
          .select({ id: artCategories.id })
          .from(artCategories)
          .where(inArray(artCategories.id, ids.categories))
      : [],
  ]);
  const cityIds = new Set(knownCities.map((c) => c.id));
  const categoryIds = new Set(knownCategories.map((c) => c.id));
  return {
    cities: ids.cities.filter((id) => !cityIds.has(id)),
    categories: ids.categories.filter((id) => !categoryIds.has(id)),
  };
}
