import { type SQL, sql } from "drizzle-orm";
import {
  boolean,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { artCategories } from "./catalog";

const tsvector = customType<{ data: string }>({
  dataType() {
    return "tsvector";
  },
});

export const ARTWORK_STATUSES = ["draft", "available", "not for sale"] as const;
export type ArtworkStatus = (typeof ARTWORK_STATUSES)[number];

export const artworks = pgTable(
  "artworks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull().default(""),
    createdYear: integer("created_year"),
    materials: text("materials").notNull().default(""),
    description: text("description").notNull().default(""),
    width: integer("width").notNull().default(0),
    height: integer("height").notNull().default(0),
    depth: integer("depth").notNull().default(0),
    /** USD cents; null when the work is offered for offers only. */
    priceCents: integer("price_cents"),
    isForSale: boolean("is_for_sale").notNull().default(false),
    /**
     * Offers allowed on a work for sale at a price. A work that is not for sale
     * and still its artist's is offers only and takes offers whatever this says.
     */
    acceptsOffers: boolean("accepts_offers").notNull().default(false),
    /** Offers below this are declined automatically; never shown to buyers. */
    offerMinimumCents: integer("offer_minimum_cents"),
    isCurated: boolean("is_curated").notNull().default(false),
    /**
     * Featured's first key (migration 0029, decision 0044): 0 for sale at a price, 1 offers
     * only, 2 sold or otherwise not for sale, computed by the database from the row.
     */
    saleRank: smallint("sale_rank")
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`case when ${artworks.isForSale} then 0 when ${artworks.status} = 'not for sale' and ${artworks.ownerId} = ${artworks.artistId} then 1 else 2 end`,
      ),
    randomOrder: integer("random_order").notNull().default(100),
    isPublicArt: boolean("is_public_art").notNull().default(false),
    allowBuyerPickUp: boolean("allow_buyer_pick_up").notNull().default(false),
    /** Sold without returns, whatever the operator's return window (decision 0055). */
    finalSale: boolean("final_sale").notNull().default(false),
    zipCode: text("zip_code"),
    imageOriginal: text("image_original"),
    imageMedium: text("image_medium"),
    imageThumbnail: text("image_thumbnail"),
    status: text("status").$type<ArtworkStatus>().notNull().default("draft"),
    artistId: uuid("artist_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    /**
     * Copy of the artist's display name, kept by a trigger on users, so that the
     * search document can be a generated column of this table.
     */
    artistDisplayName: text("artist_display_name").notNull().default(""),
    searchVector: tsvector("search_vector")
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`setweight(to_tsvector('simple', coalesce(${artworks.title}, '')), 'A') || setweight(to_tsvector('simple', coalesce(${artworks.artistDisplayName}, '')), 'B')`,
      ),
    /** Hidden by the team (decision 0027): out of the marketplace; its artist sees why. */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    hiddenReason: text("hidden_reason"),
    reservedUntil: timestamp("reserved_until", { withTimezone: true }),
    /**
     * The payment (payments.id) that holds the reservation. No foreign key: the
     * reservation is taken before the payment row is written, in one UPDATE.
     */
    reservedByPaymentId: uuid("reserved_by_payment_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the work last entered the marketplace (migration 0019): its creation,
     * or later when a trigger sees it come in — out of draft, unhidden, back on sale, or its
     * artist listed again (payouts active, suspension lifted). The alert digest's "newly
     * listed". Always set by the trigger (from created_at on insert), hence nullable here.
     */
    listedAt: timestamp("listed_at", { withTimezone: true }),
  },
  (t) => [
    // No pending list (fastupdate): PGlite has no autovacuum to merge one, so every
    // text search would also scan the unsorted entries, measurably slower on a
    // rare word (bench/search.bench.ts). An artwork's few words go straight in instead.
    index("artworks_search_idx").using("gin", t.searchVector).with({ fastupdate: false }),
    index("artworks_title_trgm_idx").using("gin", t.title.op("gin_trgm_ops")),
    index("artworks_artist_name_trgm_idx").using("gin", t.artistDisplayName.op("gin_trgm_ops")),
    index("artworks_price_idx").on(t.priceCents),
    index("artworks_curated_order_idx").on(
      t.saleRank,
      t.isCurated.desc(),
      t.randomOrder.asc(),
      t.id,
    ),
    index("artworks_artist_idx").on(t.artistId, t.createdAt.desc()),
    index("artworks_owner_idx").on(t.ownerId, t.createdAt.desc()),
    // The marketplace's Newest order and the digest's "listed since" window.
    index("artworks_newest_idx").on(t.createdAt.desc(), t.id.desc()),
    index("artworks_listed_at_idx").on(t.listedAt),
  ],
);

export const artworkImages = pgTable(
  "artwork_images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    artworkId: uuid("artwork_id")
      .notNull()
      .references(() => artworks.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    original: text("original").notNull(),
    medium: text("medium").notNull(),
    thumbnail: text("thumbnail").notNull(),
    type: text("type").notNull().default("artist_uploaded"),
    contextId: text("context_id"),
    /**
     * The upload this image came from (its id is then the upload's id too); null for
     * images that were not uploaded through the API (demo data). No foreign key: the
     * upload row is removed with the files after the image is gone.
     */
    uploadId: uuid("upload_id"),
    /** Pixel size of the stored original, for truthful srcset sizes; null when unknown. */
    width: integer("width"),
    height: integer("height"),
  },
  (t) => [uniqueIndex("artwork_images_position_idx").on(t.artworkId, t.position)],
);

export const artworkCategories = pgTable(
  "artwork_categories",
  {
    artworkId: uuid("artwork_id")
      .notNull()
      .references(() => artworks.id, { onDelete: "cascade" }),
    categoryId: uuid("category_id")
      .notNull()
      .references(() => artCategories.id, { onDelete: "restrict" }),
  },
  (t) => [
    primaryKey({ columns: [t.artworkId, t.categoryId] }),
    index("artwork_categories_category_idx").on(t.categoryId, t.artworkId),
  ],
);
