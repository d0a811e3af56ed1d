import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import {
  artCategories,
  artworkCategories,
  artworks,
  banners,
  cities,
  exhibitionArtworks,
  exhibitions,
  users,
} from "../../db/schema";

// The usage counts below are written out in SQL: Drizzle leaves a column in a select's
// sql`` unqualified, and "id" would then name the inner table's own column.

/** The console's curation writes and reads (exhibitions, banners, cities, categories). */

export { FOREIGN_KEY_VIOLATION, UNIQUE_VIOLATION, pgErrorCode } from "../../db/pg-errors";

// ---- Exhibitions ----

export type ExhibitionRow = typeof exhibitions.$inferSelect;

const workCount = sql<number>`(select count(*)::int from exhibition_artworks ea where ea.exhibition_id = "exhibitions"."id")`;

/** What the console shows of an exhibition, with how many works it has. */
const exhibitionColumns = {
  id: exhibitions.id,
  name: exhibitions.name,
  description: exhibitions.description,
  address: exhibitions.address,
  bannerUrl: exhibitions.bannerUrl,
  startsOn: exhibitions.startsOn,
  endsOn: exhibitions.endsOn,
  openingHours: exhibitions.openingHours,
  isActive: exhibitions.isActive,
  createdAt: exhibitions.createdAt,
  artworkCount: workCount,
};

export async function listAllExhibitions(db: Queryable) {
  return db
    .select(exhibitionColumns)
    .from(exhibitions)
    .orderBy(desc(exhibitions.isActive), desc(exhibitions.createdAt), asc(exhibitions.id));
}

export async function findExhibition(db: Queryable, id: string, lock = false) {
  const query = db.select(exhibitionColumns).from(exhibitions).where(eq(exhibitions.id, id));
  const [row] = await (lock ? query.for("update", { of: exhibitions }) : query);
  return row;
}

export async function insertExhibition(
  tx: Queryable,
  values: Pick<
    ExhibitionRow,
    "name" | "description" | "address" | "bannerUrl" | "startsOn" | "endsOn" | "openingHours"
  >,
): Promise<ExhibitionRow> {
  const [row] = await tx
    .insert(exhibitions)
    .values({ ...values, isActive: false })
    .returning();
  if (!row) throw new Error("exhibition insert returned nothing");
  return row;
}

export async function updateExhibition(
  tx: Queryable,
  id: string,
  values: Partial<
    Pick<
      ExhibitionRow,
      "name" | "description" | "address" | "bannerUrl" | "startsOn" | "endsOn" | "openingHours"
    >
  >,
): Promise<ExhibitionRow | undefined> {
  const [row] = await tx.update(exhibitions).set(values).where(eq(exhibitions.id, id)).returning();
  return row;
}

/** The guarded state change: only from the other state; undefined when it was not in it. */
export async function setExhibitionActive(
  tx: Queryable,
  id: string,
  active: boolean,
): Promise<ExhibitionRow | undefined> {
  const [row] = await tx
    .update(exhibitions)
    .set({ isActive: active })
    .where(and(eq(exhibitions.id, id), eq(exhibitions.isActive, !active)))
    .returning();
  return row;
}

const pickerColumns = {
  id: artworks.id,
  title: artworks.title,
  artistName: artworks.artistDisplayName,
  thumbnail: artworks.imageThumbnail,
  year: artworks.createdYear,
  status: artworks.status,
  hiddenAt: artworks.hiddenAt,
};

function toPicker(row: {
  id: string;
  title: string;
  artistName: string;
  thumbnail: string | null;
  year: number | null;
  status: string;
  hiddenAt: Date | null;
}) {
  const { hiddenAt, ...rest } = row;
  return { ...rest, hidden: hiddenAt !== null };
}

/** The exhibition's works in order, whatever their state now (the console shows it). */
export async function listExhibitionWorks(db: Queryable, exhibitionId: string) {
  const rows = await db
    .select(pickerColumns)
    .from(exhibitionArtworks)
    .innerJoin(artworks, eq(artworks.id, exhibitionArtworks.artworkId))
    .where(eq(exhibitionArtworks.exhibitionId, exhibitionId))
    .orderBy(asc(exhibitionArtworks.position), asc(artworks.id));
  return rows.map(toPicker);
}

export async function listExhibitionWorkIds(db: Queryable, exhibitionId: string) {
  const rows = await db
    .select({ id: exhibitionArtworks.artworkId })
    .from(exhibitionArtworks)
    .where(eq(exhibitionArtworks.exhibitionId, exhibitionId))
    .orderBy(asc(exhibitionArtworks.position), asc(exhibitionArtworks.artworkId));
  return rows.map((r) => r.id);
}

/** The state of each of these works that exists, locked so none turns draft or hidden meanwhile. */
export async function lockArtworkStates(tx: Queryable, ids: string[]) {
  if (!ids.length) return [];
  return tx
    .select({ id: artworks.id, status: artworks.status, hiddenAt: artworks.hiddenAt })
    .from(artworks)
    .where(inArray(artworks.id, ids))
    .orderBy(asc(artworks.id))
    .for("share");
}

export async function replaceExhibitionWorks(tx: Queryable, exhibitionId: string, ids: string[]) {
  await tx.delete(exhibitionArtworks).where(eq(exhibitionArtworks.exhibitionId, exhibitionId));
  if (ids.length) {
    await tx
      .insert(exhibitionArtworks)
      .values(ids.map((artworkId, position) => ({ exhibitionId, artworkId, position })));
  }
}

function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Up to `limit` non-draft, not hidden works whose title or artist name holds `q`. */
export async function searchPickerArtworks(db: Queryable, q: string | undefined, limit: number) {
  const text = q
    ? or(ilike(artworks.title, likePattern(q)), ilike(artworks.artistDisplayName, likePattern(q)))
    : undefined;
  const rows = await db
    .select(pickerColumns)
    .from(artworks)
    .where(and(ne(artworks.status, "draft"), isNull(artworks.hiddenAt), text))
    .orderBy(desc(artworks.createdAt), asc(artworks.id))
    .limit(limit);
  return rows.map(toPicker);
}

// ---- Banners ----

export type BannerRow = typeof banners.$inferSelect;

export async function listBanners(db: Queryable): Promise<BannerRow[]> {
  return db
    .select()
    .from(banners)
    .orderBy(desc(banners.isActive), desc(banners.createdAt), asc(banners.id));
}

export async function findBanner(db: Queryable, id: string): Promise<BannerRow | undefined> {
  const [row] = await db.select().from(banners).where(eq(banners.id, id));
  return row;
}

export async function insertBanner(
  tx: Queryable,
  values: { imageUrl: string; altText: string },
): Promise<BannerRow> {
  const [row] = await tx
    .insert(banners)
    .values({ ...values, isActive: false })
    .returning();
  if (!row) throw new Error("banner insert returned nothing");
  return row;
}

/** Turns every other banner off: answers the ones it turned off. */
export async function deactivateOtherBanners(tx: Queryable, id: string): Promise<BannerRow[]> {
  return tx
    .update(banners)
    .set({ isActive: false })
    .where(and(eq(banners.isActive, true), ne(banners.id, id)))
    .returning();
}

export async function setBannerActive(
  tx: Queryable,
  id: string,
  active: boolean,
): Promise<BannerRow | undefined> {
  const [row] = await tx
    .update(banners)
    .set({ isActive: active })
    .where(and(eq(banners.id, id), eq(banners.isActive, !active)))
    .returning();
  return row;
}

/** Deletes an inactive banner; undefined when it is active or gone. */
export async function deleteInactiveBanner(
  tx: Queryable,
  id: string,
): Promise<BannerRow | undefined> {
  const [row] = await tx
    .delete(banners)
    .where(and(eq(banners.id, id), eq(banners.isActive, false)))
    .returning();
  return row;
}

// ---- Cities and categories ----

export async function listCitiesWithUsage(db: Queryable) {
  return db
    .select({
      id: cities.id,
      name: cities.name,
      userCount: sql<number>`(select count(*)::int from users u where u.city_id = "cities"."id")`,
    })
    .from(cities)
    .orderBy(asc(cities.name));
}

export async function listCategoriesWithUsage(db: Queryable) {
  return db
    .select({
      id: artCategories.id,
      name: artCategories.name,
      artworkCount: sql<number>`(select count(*)::int from artwork_categories ac where ac.category_id = "art_categories"."id")`,
    })
    .from(artCategories)
    .orderBy(asc(artCategories.name));
}

export type CatalogTable = "city" | "category";
const tables = { city: cities, category: artCategories } as const;

export async function findCatalogEntry(db: Queryable, kind: CatalogTable, id: string) {
  const table = tables[kind];
  const [row] = await db
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(eq(table.id, id))
    .for("update");
  return row;
}

/** Another entry of that name, ignoring case. */
export async function findCatalogNameTaken(
  db: Queryable,
  kind: CatalogTable,
  name: string,
  exceptId?: string,
) {
  const table = tables[kind];
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(
      and(
        sql`lower(${table.name}) = lower(${name})`,
        exceptId ? ne(table.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertCatalogEntry(tx: Queryable, kind: CatalogTable, name: string) {
  const table = tables[kind];
  const [row] = await tx.insert(table).values({ name }).returning();
  if (!row) throw new Error("catalog insert returned nothing");
  return row;
}

export async function renameCatalogEntry(
  tx: Queryable,
  kind: CatalogTable,
  id: string,
  name: string,
) {
  const table = tables[kind];
  const [row] = await tx.update(table).set({ name }).where(eq(table.id, id)).returning();
  return row;
}

/** How many rows use it: people for a city, artworks for a category. */
export async function catalogEntryUsage(
  db: Queryable,
  kind: CatalogTable,
  id: string,
): Promise<number> {
  const [row] =
    kind === "city"
      ? await db.select({ n: count() }).from(users).where(eq(users.cityId, id))
      : await db
          .select({ n: count() })
          .from(artworkCategories)
          .where(eq(artworkCategories.categoryId, id));
  return row?.n ?? 0;
}

export async function deleteCatalogEntry(tx: Queryable, kind: CatalogTable, id: string) {
  const table = tables[kind];
  const [row] = await tx.delete(table).where(eq(table.id, id)).returning();
  return row;
}
