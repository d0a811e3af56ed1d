import { type SQL, sql } from "drizzle-orm";
import type { ArtworkCard } from "../../../contracts/artworks.contract";
import { offersOnlySql } from "./availability.repository";

/**
 * A card's columns in raw SQL, and the card they make: for the statements written by hand
 * (search, the artwork page's rails), so every card reads the same columns the same way.
 */
export type CardRow = {
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

/** The select list of a card, for the artwork row named `a` in the statement. */
export function cardColumnsSql(a: string): SQL {
  const t = sql.identifier(a);
  return sql`${t}.id, ${t}.title, ${t}.created_year, ${t}.price_cents, ${t}.is_for_sale,
    ${offersOnlySql(a)} as offers_only, ${t}.image_thumbnail, ${t}.image_medium,
    ${t}.image_original, ${t}.width, ${t}.height, ${t}.artist_id, ${t}.artist_display_name`;
}

export function toCard(r: CardRow): ArtworkCard {
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
