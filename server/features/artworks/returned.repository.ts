import { and, eq, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { artworks } from "../../db/schema";

/**
 * A returned work goes back to its artist (decision 0055): called by orders when the
 * return's refund settles, in its transaction. The work is the artist's again and not for
 * sale until they put it back on sale; only while the buyer still owns it, so it happens
 * once and never takes a work that has moved on. Answers whether it did.
 */
export async function giveReturnedWorkBack(
  db: Queryable,
  input: { artworkId: string; artistId: string; buyerId: string },
): Promise<boolean> {
  const rows = await db
    .update(artworks)
    .set({
      ownerId: input.artistId,
      isForSale: false,
      status: "not for sale",
      reservedUntil: null,
      reservedByPaymentId: null,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(artworks.id, input.artworkId),
        eq(artworks.artistId, input.artistId),
        eq(artworks.ownerId, input.buyerId),
      ),
    )
    .returning({ id: artworks.id });
  return rows.length > 0;
}
