import { and, eq, isNull, like, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { type PayoutStatus, users } from "../../db/schema";

type Db = Database;

const payoutColumns = {
  id: users.id,
  email: users.email,
  payoutStatus: users.payoutStatus,
  payoutAccountId: users.payoutAccountId,
  payoutBankLast4: users.payoutBankLast4,
};

export type PayoutRow = { [K in keyof typeof payoutColumns]: (typeof users.$inferSelect)[K] };

export async function findPayouts(db: Db, userId: string): Promise<PayoutRow | undefined> {
  const [row] = await db.select(payoutColumns).from(users).where(eq(users.id, userId));
  return row;
}

/**
 * The simulated onboarding's one UPDATE: active, the last four digits, and an account id
 * kept from an earlier simulated onboarding (so a double submit makes one account). A
 * person whose account is Stripe's is left alone (undefined).
 */
export async function activateSimulatedAccount(
  db: Db,
  userId: string,
  newAccountId: string,
  bankLast4: string,
): Promise<PayoutRow | undefined> {
  const [row] = await db
    .update(users)
    .set({
      payoutAccountId: sql`coalesce(${users.payoutAccountId}, ${newAccountId})`,
      payoutStatus: "active",
      payoutBankLast4: bankLast4,
      lastModified: new Date(),
    })
    .where(
      and(
        eq(users.id, userId),
        eq(users.isArtist, true),
        or(
          isNull(users.payoutAccountId),
          like(users.payoutAccountId, "acct\\_sim\\_%"),
          // The demo data's made-up accounts (server/demo) are simulated ones too.
          like(users.payoutAccountId, "acct\\_demo\\_%"),
        ),
      ),
    )
    .returning(payoutColumns);
  return row;
}

/** Stores a new Stripe account once: only while the person has none (`pending`). */
export async function storeStripeAccount(
  db: Db,
  userId: string,
  accountId: string,
): Promise<PayoutRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ payoutAccountId: accountId, payoutStatus: "pending", lastModified: new Date() })
    .where(and(eq(users.id, userId), isNull(users.payoutAccountId)))
    .returning(payoutColumns);
  return row;
}

/** The account's current state, on whoever holds it; undefined when nobody does. */
export async function setAccountState(
  db: Db,
  accountId: string,
  state: { status: PayoutStatus; bankLast4: string | null },
): Promise<PayoutRow | undefined> {
  const [row] = await db
    .update(users)
    .set({
      payoutStatus: state.status,
      payoutBankLast4: sql`coalesce(${state.bankLast4}, ${users.payoutBankLast4})`,
      lastModified: new Date(),
    })
    .where(eq(users.payoutAccountId, accountId))
    .returning(payoutColumns);
  return row;
}

export async function isKnownAccount(db: Db, accountId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.payoutAccountId, accountId));
  return row !== undefined;
}
