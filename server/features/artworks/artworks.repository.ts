import { type SQL, and, asc, desc, eq, isNull, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  artCategories,
  artworkCategories,
  artworkImages,
  artworks,
  cities,
  exhibitionArtworks,
  exhibitions,
  orders,
  savedWorks,
  users,
} from "../../db/schema";
import type { ArtworkCard, ArtworkDetail } from "../../../contracts/artworks.contract";
import { availableSql, offersOnlySql, soldSql, takesOffersSql } from "./availability.repository";
import { listedArtworkSql, listedSql } from "./listed.repository";

/** The columns of an artwork image, the shape of `ArtworkImage`; listings read them too. */
export const artworkImageColumns = {
  id: artworkImages.id,
  original: artworkImages.original,
  medium: artworkImages.medium,
  thumbnail: artworkImages.thumbnail,
  type: artworkImages.type,
  contextId: artworkImages.contextId,
  width: artworkImages.width,
  height: artworkImages.height,
};

/** The columns of a grid card, the same shape as a search hit. */
const cardColumns = {
  id: artworks.id,
  title: artworks.title,
  createdYear: artworks.createdYear,
  price: artworks.priceCents,
  isForSale: artworks.isForSale,
  offersOnly: sql<boolean>`${offersOnlySql("artworks")}`,
  imageThumbnail: artworks.imageThumbnail,
  imageMedium: artworks.imageMedium,
  imageOriginal: artworks.imageOriginal,
  width: artworks.width,
  height: artworks.height,
  artistId: artworks.artistId,
  artistName: artworks.artistDisplayName,
};

type CardRow = Omit<ArtworkCard, "artist"> & { artistId: string; artistName: string };

function toCard({ artistId, artistName, ...rest }: CardRow): ArtworkCard {
  return { ...rest, artist: { id: artistId, displayName: artistName } };
}

const notDraft = ne(artworks.status, "draft");
/** Shown on the artist page, profiles and exhibitions: not a draft, not hidden by the team. */
const shown = and(notDraft, isNull(artworks.hiddenAt));
/** The artist is not suspended (decision 0027): their works leave exhibitions too. */
const artistNotSuspended = sql`not exists (select 1 from users s where s.id = ${artworks.artistId} and s.suspended_at is not null)`;

type DetailImage = ArtworkDetail["images"][number];
type DetailCategory = ArtworkDetail["categories"][number];
type DetailExhibition = ArtworkDetail["exhibitions"][number];

function prepareArtworkDetail(db: Database) {
  return db
    .select({
      artwork: artworks,
      artistName: users.displayName,
      artistBirthYear: users.birthYear,
      artistCity: cities.name,
      offersOnly: sql<boolean>`${offersOnlySql("artworks")}`,
      acceptsOffers: sql<boolean>`(${listedSql("artworks", "users")} and ${takesOffersSql("artworks")})`,
      images: sql<DetailImage[]>`coalesce((
        select json_agg(json_build_object(
          'id', i.id, 'original', i.original, 'medium', i.medium, 'thumbnail', i.thumbnail,
          'type', i.type, 'contextId', i.context_id, 'width', i.width, 'height', i.height
        ) order by i.position)
        from ${artworkImages} i where i.artwork_id = ${artworks.id}), '[]'::json)`,
      categories: sql<DetailCategory[]>`coalesce((
        select json_agg(json_build_object('id', c.id, 'name', c.name) order by c.name)
        from ${artworkCategories} ac join ${artCategories} c on c.id = ac.category_id
        where ac.artwork_id = ${artworks.id}), '[]'::json)`,
      exhibitions: sql<DetailExhibition[]>`coalesce((
        select json_agg(json_build_object(
          'id', e.id, 'name', e.name, 'address', e.address, 'bannerUrl', e.banner_url
        ) order by e.name)
        from ${exhibitionArtworks} ea join ${exhibitions} e on e.id = ea.exhibition_id
        where ea.artwork_id = ${artworks.id} and e.is_active), '[]'::json)`,
    })
    .from(artworks)
    .innerJoin(users, eq(users.id, artworks.artistId))
    .leftJoin(cities, eq(cities.id, users.cityId))
    .where(and(eq(artworks.id, sql.placeholder("id")), notDraft))
    .limit(1)
    .prepare("artwork_detail");
}

/** The prepared detail read of each database: planned once per connection, not per read. */
const artworkDetailQueries = new WeakMap<Database, ReturnType<typeof prepareArtworkDetail>>();

/**
 * The work with its artist, images, categories and active exhibitions in one query, so an
 * artwork read is one round trip; the lists come as JSON in the orders the page
 * shows them (images by position, categories and exhibitions by name).
 */
export async function findArtworkDetail(
  db: Database,
  id: string,
): Promise<ArtworkDetail | undefined> {
  let query = artworkDetailQueries.get(db);
  if (!query) {
    query = prepareArtworkDetail(db);
    artworkDetailQueries.set(db, query);
  }
  const [row] = await query.execute({ id });
  if (!row) return undefined;
  const { images, categories, exhibitions: shows } = row;
  const a = row.artwork;
  return {
    id: a.id,
    title: a.title,
    createdYear: a.createdYear,
    materials: a.materials,
    description: a.description,
    width: a.width,
    height: a.height,
    depth: a.depth,
    price: a.priceCents,
    isForSale: a.isForSale,
    status: a.status,
    offersOnly: row.offersOnly,
    acceptsOffers: row.acceptsOffers,
    allowOffers: a.acceptsOffers,
    // Whoever asks decides who may see it (discovery.service's getArtwork).
    offerMinimum: a.offerMinimumCents,
    isPublicArt: a.isPublicArt,
    allowBuyerPickUp: a.allowBuyerPickUp,
    finalSale: a.finalSale,
    zipCode: a.zipCode,
    imageOriginal: a.imageOriginal,
    imageMedium: a.imageMedium,
    imageThumbnail: a.imageThumbnail,
    images,
    categories,
    artist: {
      id: a.artistId,
      displayName: row.artistName,
      birthYear: row.artistBirthYear,
      city: row.artistCity,
    },
    ownerId: a.ownerId,
    exhibitions: shows,
    createdAt: a.createdAt.toISOString(),
    hiddenReason: a.hiddenAt ? (a.hiddenReason ?? "") : null,
  };
}

/**
 * SPEC §7: artworks by artist, newest first; optionally only those a buyer can still
 * acquire (for sale, or offers only) or only the sold ones (decision 0030: an offers-only
 * work is not sold).
 * `withHidden` is for the artist's own All Works only (decision 0027): their works the team
 * hid come too, each card with its `hiddenReason`. The caller decides who that is.
 */
export async function listArtistArtworks(
  db: Database,
  artistId: string,
  tab: "all" | "forSale" | "sold",
  { withHidden = false }: { withHidden?: boolean } = {},
): Promise<ArtworkCard[]> {
  const conditions: (SQL | undefined)[] = [
    eq(artworks.artistId, artistId),
    withHidden ? notDraft : shown,
  ];
  if (tab === "forSale") conditions.push(availableSql("artworks"));
  if (tab === "sold") conditions.push(soldSql("artworks"));
  const rows = await db
    .select({ ...cardColumns, hiddenAt: artworks.hiddenAt, hiddenReason: artworks.hiddenReason })
    .from(artworks)
    .where(and(...conditions))
    .orderBy(desc(artworks.createdAt), asc(artworks.id));
  return rows.map(({ hiddenAt, hiddenReason, ...row }) =>
    hiddenAt ? { ...toCard(row), hiddenReason: hiddenReason ?? "" } : toCard(row),
  );
}

export async function listExhibitionArtworks(db: Database, exhibitionId: string) {
  const rows = await db
    .select(cardColumns)
    .from(exhibitionArtworks)
    .innerJoin(artworks, eq(artworks.id, exhibitionArtworks.artworkId))
    .where(and(eq(exhibitionArtworks.exhibitionId, exhibitionId), shown, artistNotSuspended))
    .orderBy(asc(exhibitionArtworks.position), asc(artworks.id));
  return rows.map(toCard);
}

/**
 * The state of the artwork's latest sale. A sale that was cancelled or refunded in full
 * leaves the buyer as the work's owner until its artist puts it back on sale
 * (offered, never automatic), but the buyer no longer has it.
 */
const latestSaleUndone = sql`coalesce((select ${orders.status} from ${orders} where ${orders.artworkId} = ${artworks.id} order by ${orders.timestamp} desc, ${orders.id} desc limit 1) in ('cancelled', 'refunded'), false)`;

/** SPEC §7: artworks the user owns and did not make (their collection), newest first. */
export async function listCollectionArtworks(
  db: Database,
  ownerId: string,
): Promise<ArtworkCard[]> {
  const rows = await db
    .select(cardColumns)
    .from(artworks)
    .where(
      and(
        eq(artworks.ownerId, ownerId),
        ne(artworks.artistId, ownerId),
        shown,
        sql`not ${latestSaleUndone}`,
      ),
    )
    .orderBy(desc(artworks.createdAt), asc(artworks.id));
  return rows.map(toCard);
}

/**
 * The works a person saved, newest saved first: the ones still shown (not a
 * draft, not hidden, the artist not suspended); sold works stay, as SOLD cards.
 */
export async function listSavedArtworks(db: Database, userId: string): Promise<ArtworkCard[]> {
  const rows = await db
    .select(cardColumns)
    .from(savedWorks)
    .innerJoin(artworks, eq(artworks.id, savedWorks.artworkId))
    // The whole listing rule: a saved work that left the marketplace (hidden, its artist
    // suspended or without active payouts) would open on a 404.
    .where(and(eq(savedWorks.userId, userId), listedArtworkSql("artworks")))
    .orderBy(desc(savedWorks.createdAt), asc(artworks.id))
    .limit(500);
  return rows.map(toCard);
}
