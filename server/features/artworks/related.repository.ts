import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { queryRows } from "../../db/rows";
import { RAIL_LIMIT } from "../../../contracts/artwork-rails.contract";
import type { ArtworkCard } from "../../../contracts/artworks.contract";
import { availableSql, offersOnlySql } from "./availability.repository";
import { listedArtworkSql, listedSql } from "./listed.repository";

/**
 * The works around a work (issue 16): "More by {artist}" and "Related works". Both take
 * only the work's id, so the artwork page reads them at the same time as the work itself.
 */

type Executor = Pick<Database, "execute">;

/**
 * A category of the work with at least this many works is walked in price order from the
 * work's price (artworks_price_idx), and stops after RAIL_LIMIT matches each way; a
 * smaller one is read whole through artwork_categories_category_idx and sorted (at most
 * this many rows). Either way no statement sorts a common category's every work.
 */
export const LARGE_CATEGORY = 500;

type CardRow = {
  id: string;
  title: string;
  created_year: number | null;
  price_cents: number | null;
  is_for_sale: boolean;
  offers_only: boolean;
  image_thumbnail: string | null;
  image_medium: string | null;
  image_original: string | null;
  width: number;
  height: number;
  artist_id: string;
  artist_display_name: string;
};

const cardColumns = sql`a.id, a.title, a.created_year, a.price_cents, a.is_for_sale,
  ${offersOnlySql("a")} as offers_only, a.image_thumbnail, a.image_medium, a.image_original,
  a.width, a.height, a.artist_id, a.artist_display_name`;

function toCard(r: CardRow): ArtworkCard {
  return {
    id: r.id,
    title: r.title,
    createdYear: r.created_year,
    price: r.price_cents,
    isForSale: r.is_for_sale,
    offersOnly: r.offers_only,
    imageThumbnail: r.image_thumbnail,
    imageMedium: r.image_medium,
    imageOriginal: r.image_original,
    width: r.width,
    height: r.height,
    artist: { id: r.artist_id, displayName: r.artist_display_name },
  };
}

/** One side of "More by": the artist's other listed works in one availability, newest first. */
function moreByBranch(artworkId: string, availability: SQL, bucket: number): SQL {
  return sql`(select ${cardColumns}, ${bucket} as bucket, a.created_at
    from artworks w
    join artworks a on a.artist_id = w.artist_id and a.id <> w.id
    join users u on u.id = a.artist_id
    where w.id = ${artworkId} and ${listedSql("a", "u")} and ${availability}
    order by a.created_at desc, a.id asc
    limit ${RAIL_LIMIT})`;
}

/**
 * "More by {artist}": up to RAIL_LIMIT other listed works by the work's artist, those a
 * buyer can still acquire (for sale, or offers only) first, then the rest (sold); newest
 * first, then by id. Each side stops after RAIL_LIMIT rows of artworks_artist_idx, so a
 * prolific artist costs no more than any other.
 */
export async function findMoreByArtist(db: Executor, artworkId: string): Promise<ArtworkCard[]> {
  const rows = await queryRows<CardRow>(
    db,
    sql`select * from (
      ${moreByBranch(artworkId, availableSql("a"), 0)}
      union all
      ${moreByBranch(artworkId, sql`not ${availableSql("a")}`, 1)}
    ) around
    order by bucket, created_at desc, id asc
    limit ${RAIL_LIMIT}`,
  );
  return rows.map(toCard);
}

/** A candidate for "Related works": listed, for sale now, by another artist, in category `wc`. */
const relatedCandidate = sql`a.is_for_sale = true and a.artist_id <> w.artist_id
  and ${listedArtworkSql("a")}`;
const inCategory = sql`exists (select 1 from artwork_categories x
  where x.artwork_id = a.id and x.category_id = wc.category_id)`;

/**
 * "Related works": up to RAIL_LIMIT listed works for sale by other artists that share at
 * least one category with the work, those sharing more categories first, then the nearest
 * in price (works without a price last), then by id. A work without categories has none:
 * a price alone does not make two works related.
 *
 * Candidates per category of the work: a large category (LARGE_CATEGORY) gives the
 * RAIL_LIMIT nearest priced works above and below the work's price, walking the price
 * index outwards (or the newest RAIL_LIMIT when the work itself has no price), and up to
 * RAIL_LIMIT without a price (the listing rules require a price for sale, so rarely any); a small
 * one gives its 2 × RAIL_LIMIT nearest. The candidates are then ranked by their shared
 * categories, counted exactly. So the order is exact among candidates; a work sharing two
 * large categories but far in price from the work can lose its place to nearer ones
 * sharing one, which is the price of never sorting a whole category.
 */
export async function findRelatedWorks(db: Executor, artworkId: string): Promise<ArtworkCard[]> {
  const rows = await queryRows<CardRow>(
    db,
    sql`with w as (
      select id, artist_id, price_cents as price from artworks where id = ${artworkId}
    ),
    wc as (
      select ac.category_id, (select count(*) from (select 1 from artwork_categories s
        where s.category_id = ac.category_id limit ${LARGE_CATEGORY}) sized) as size
      from artwork_categories ac where ac.artwork_id = ${artworkId}
    ),
    candidates as (
      select c.id from w cross join wc cross join lateral (
        (select a.id from artworks a
          where wc.size >= ${LARGE_CATEGORY} and w.price is not null
            and a.price_cents >= w.price and ${relatedCandidate} and ${inCategory}
          order by a.price_cents asc limit ${RAIL_LIMIT})
        union all
        (select a.id from artworks a
          where wc.size >= ${LARGE_CATEGORY} and w.price is not null
            and a.price_cents <= w.price and ${relatedCandidate} and ${inCategory}
          order by a.price_cents desc limit ${RAIL_LIMIT})
        union all
        (select a.id from artworks a
          where wc.size >= ${LARGE_CATEGORY} and a.price_cents is null
            and ${relatedCandidate} and ${inCategory}
          order by a.id asc limit ${RAIL_LIMIT})
        union all
        (select a.id from artworks a
          where wc.size >= ${LARGE_CATEGORY} and w.price is null
            and ${relatedCandidate} and ${inCategory}
          order by a.created_at desc, a.id desc limit ${RAIL_LIMIT})
        union all
        (select a.id from artwork_categories x join artworks a on a.id = x.artwork_id
          where wc.size < ${LARGE_CATEGORY} and x.category_id = wc.category_id
            and ${relatedCandidate}
          order by abs(a.price_cents - w.price) asc nulls last, a.id asc
          limit ${RAIL_LIMIT * 2})
      ) c
    )
    select ${cardColumns},
      (select count(*) from artwork_categories s
        where s.artwork_id = a.id and s.category_id in (select category_id from wc)) as shared,
      abs(a.price_cents - w.price) as distance
    from (select distinct id from candidates) c
    join artworks a on a.id = c.id
    cross join w
    order by shared desc, distance asc nulls last, a.id asc
    limit ${RAIL_LIMIT}`,
  );
  return rows.map(toCard);
}
