import { and, asc, desc, eq, isNull, ne } from "drizzle-orm";
import type { Database } from "../../db/client";
import { artworks, exhibitionArtworks, exhibitions } from "../../db/schema";
import type { ExhibitionSummary } from "../../../contracts/exhibitions.contract";

const exhibitionColumns = {
  id: exhibitions.id,
  name: exhibitions.name,
  description: exhibitions.description,
  address: exhibitions.address,
  bannerUrl: exhibitions.bannerUrl,
  startsOn: exhibitions.startsOn,
  endsOn: exhibitions.endsOn,
  openingHours: exhibitions.openingHours,
};

/** SPEC §7: all exhibitions with isActive true. */
export async function listActiveExhibitions(db: Database): Promise<ExhibitionSummary[]> {
  return db
    .select(exhibitionColumns)
    .from(exhibitions)
    .where(eq(exhibitions.isActive, true))
    .orderBy(desc(exhibitions.createdAt), asc(exhibitions.name));
}

export async function findActiveExhibition(
  db: Database,
  id: string,
): Promise<ExhibitionSummary | undefined> {
  const [row] = await db
    .select(exhibitionColumns)
    .from(exhibitions)
    .where(and(eq(exhibitions.id, id), eq(exhibitions.isActive, true)))
    .limit(1);
  return row;
}

/** Active exhibitions that show at least one work of this artist. */
export async function listActiveExhibitionsOfArtist(
  db: Database,
  artistId: string,
): Promise<ExhibitionSummary[]> {
  return db
    .selectDistinct(exhibitionColumns)
    .from(exhibitions)
    .innerJoin(exhibitionArtworks, eq(exhibitionArtworks.exhibitionId, exhibitions.id))
    .innerJoin(artworks, eq(artworks.id, exhibitionArtworks.artworkId))
    .where(
      and(
        eq(exhibitions.isActive, true),
        eq(artworks.artistId, artistId),
        ne(artworks.status, "draft"),
        isNull(artworks.hiddenAt),
      ),
    )
    .orderBy(asc(exhibitions.name));
}
