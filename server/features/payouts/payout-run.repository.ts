import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { type ArtistPayoutStatus, artistPayouts, users } from "../../db/schema";

/** The payout run's rows (decision 0029): `artist_payouts`; their ledger rows are orders' (orders.api.ts). */

export type ArtistPayoutRow = typeof artistPayouts.$inferSelect;

/** The artist, locked for the transaction: two payout runs at once take turns per artist. */
export async function lockArtist(db: Queryable, artistId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      displayName: users.displayName,
      payoutStatus: users.payoutStatus,
      payoutAccountId: users.payoutAccountId,
    })
    .from(users)
    .where(eq(users.id, artistId))
    .for("update");
  return row;
}

/** Who a payout's e-mail goes to. */
export async function findArtistContact(db: Queryable, artistId: string) {
  const [row] = await db
    .select({ email: users.email, displayName: users.displayName })
    .from(users)
    .where(eq(users.id, artistId));
  return row;
}

export async function insertPayout(
  db: Queryable,
  row: {
    artistId: string;
    amount: number;
    provider: string;
    destination: string;
    reverses?: string | null;
    createdAt: Date;
  },
): Promise<ArtistPayoutRow> {
  const [inserted] = await db
    .insert(artistPayouts)
    .values({ ...row, status: "pending", updatedAt: row.createdAt })
    .returning();
  if (!inserted) throw new Error("payout insert returned nothing");
  return inserted;
}

export async function findPayout(db: Queryable, id: string): Promise<ArtistPayoutRow | undefined> {
  const [row] = await db.select().from(artistPayouts).where(eq(artistPayouts.id, id));
  return row;
}

/** One guarded move out of pending; answers the row when this call made it. */
export async function settlePayoutRow(
  db: Queryable,
  id: string,
  to: Exclude<ArtistPayoutStatus, "pending">,
  set: { providerReference?: string; failureMessage?: string; updatedAt: Date },
): Promise<ArtistPayoutRow | undefined> {
  const [row] = await db
    .update(artistPayouts)
    .set({ ...set, status: to })
    .where(and(eq(artistPayouts.id, id), eq(artistPayouts.status, "pending")))
    .returning();
  return row;
}

/**
 * Payouts and reversals still pending since before `before`: a crash between the
 * commit and the provider's answer, or a provider that did not answer. The next run
 * asks again with the same idempotency key.
 */
export async function listStalePendingPayouts(
  db: Queryable,
  provider: string,
  before: Date,
  limit = 100,
): Promise<ArtistPayoutRow[]> {
  return db
    .select()
    .from(artistPayouts)
    .where(
      and(
        eq(artistPayouts.status, "pending"),
        eq(artistPayouts.provider, provider),
        lt(artistPayouts.createdAt, before),
      ),
    )
    .orderBy(asc(artistPayouts.createdAt))
    .limit(limit);
}

/**
 * The artist's paid transfers with what each still holds (its amount less the reversals
 * made or pending against it), newest first: where a debt is taken back from.
 */
export async function reversibleTransfers(
  db: Queryable,
  artistId: string,
  provider: string,
): Promise<{ payoutId: string; reference: string; destination: string; left: number }[]> {
  const reversed = db
    .select({
      reverses: artistPayouts.reverses,
      total: sql<string>`sum(${artistPayouts.amount})`.as("total"),
    })
    .from(artistPayouts)
    .where(
      and(isNotNull(artistPayouts.reverses), inArray(artistPayouts.status, ["pending", "paid"])),
    )
    .groupBy(artistPayouts.reverses)
    .as("reversed");
  const rows = await db
    .select({
      payoutId: artistPayouts.id,
      reference: artistPayouts.providerReference,
      destination: artistPayouts.destination,
      amount: artistPayouts.amount,
      reversed: sql<string>`coalesce(${reversed.total}, 0)`,
    })
    .from(artistPayouts)
    .leftJoin(reversed, eq(reversed.reverses, artistPayouts.id))
    .where(
      and(
        eq(artistPayouts.artistId, artistId),
        eq(artistPayouts.provider, provider),
        eq(artistPayouts.status, "paid"),
        isNull(artistPayouts.reverses),
        isNotNull(artistPayouts.providerReference),
      ),
    )
    .orderBy(desc(artistPayouts.createdAt), desc(artistPayouts.id));
  return rows.flatMap((row) => {
    const left = row.amount - Number(row.reversed);
    return row.reference && left > 0
      ? [{ payoutId: row.payoutId, reference: row.reference, destination: row.destination, left }]
      : [];
  });
}

/** The newest payouts and reversals, with the artist's name: the console's list. */
export async function listRecentPayouts(
  db: Queryable,
  filter: { artistId?: string; limit: number },
) {
  return db
    .select({
      id: artistPayouts.id,
      artistId: artistPayouts.artistId,
      artistName: users.displayName,
      amount: artistPayouts.amount,
      reverses: artistPayouts.reverses,
      status: artistPayouts.status,
      reference: artistPayouts.providerReference,
      failureMessage: artistPayouts.failureMessage,
      createdAt: artistPayouts.createdAt,
    })
    .from(artistPayouts)
    .innerJoin(users, eq(users.id, artistPayouts.artistId))
    .where(filter.artistId ? eq(artistPayouts.artistId, filter.artistId) : undefined)
    .orderBy(desc(artistPayouts.createdAt), desc(artistPayouts.id))
    .limit(filter.limit);
}

/** Names, e-mails and payout states of these artists. */
export async function artistsByIds(db: Queryable, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: users.id,
      displayName: users.displayName,
      email: users.email,
      payoutStatus: users.payoutStatus,
    })
    .from(users)
    .where(inArray(users.id, [...ids]));
}

/**
 * When the newest payout or reversal was written (by any process, also the console's
 * run), or null: whether the day's run has happened survives a restart.
 */
export async function latestPayoutAt(db: Queryable): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: artistPayouts.createdAt })
    .from(artistPayouts)
    .orderBy(desc(artistPayouts.createdAt))
    .limit(1);
  return row?.createdAt ?? null;
}
