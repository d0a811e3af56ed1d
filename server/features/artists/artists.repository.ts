import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { cities, users } from "../../db/schema";
import type { ArtistProfile } from "../../../contracts/artists.contract";

/** What anyone may see of an artist: never the e-mail, address or payment ids. */
export async function findArtist(db: Database, id: string): Promise<ArtistProfile | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      displayName: users.displayName,
      profilePhoto: users.profilePhoto,
      birthYear: users.birthYear,
      location: users.location,
      city: cities.name,
      bio: users.bio,
      instagramHandle: users.instagramHandle,
      websiteURL: users.websiteURL,
    })
    .from(users)
    .leftJoin(cities, eq(cities.id, users.cityId))
    .where(and(eq(users.id, id), eq(users.isArtist, true)))
    .limit(1);
  return row;
}
