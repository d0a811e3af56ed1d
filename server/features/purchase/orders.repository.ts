import { desc, eq, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { type ShippingAddress, accounts, orders, users } from "../../db/schema";

/** Orders, and the buyer accounts they belong to (a guest's is made with the sale). */

export async function hasOrder(db: Queryable, artworkId: string): Promise<boolean> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.artworkId, artworkId))
    .limit(1);
  return rows.length > 0;
}

export async function insertOrder(db: Queryable, row: typeof orders.$inferInsert) {
  const [inserted] = await db
    .insert(orders)
    .values(row)
    .onConflictDoNothing({ target: orders.paymentId })
    .returning();
  return inserted;
}

export async function findOrderByPayment(db: Queryable, paymentId: string) {
  const [row] = await db.select().from(orders).where(eq(orders.paymentId, paymentId));
  return row;
}

export async function listOrdersOf(db: Queryable, userId: string) {
  return db
    .select()
    .from(orders)
    .where(eq(orders.purchaserId, userId))
    .orderBy(desc(orders.timestamp), desc(orders.id));
}

export async function findUserIdByEmail(db: Queryable, email: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return row?.id;
}

export async function findContact(db: Queryable, userId: string) {
  const [row] = await db
    .select({ email: users.email, displayName: users.displayName, timeZone: users.timeZone })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/**
 * A collector account for a guest, with a password nobody knows (they set one with
 * "Reset Password"), or nothing when the e-mail already has an account.
 */
export async function insertGuestUser(
  db: Queryable,
  input: { email: string; firstName: string; lastName: string; passwordHash: string },
): Promise<string | undefined> {
  const [user] = await db
    .insert(users)
    .values({
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      displayName: `${input.firstName} ${input.lastName}`.trim(),
    })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  if (!user) return undefined;
  // The row Better Auth's own sign-up writes for an e-mail and password account.
  await db.insert(accounts).values({
    userId: user.id,
    accountId: user.id,
    providerId: "credential",
    password: input.passwordHash,
  });
  return user.id;
}

export async function saveShippingAddress(db: Queryable, userId: string, address: ShippingAddress) {
  await db
    .update(users)
    .set({ shippingAddress: address, lastModified: sql`now()` })
    .where(eq(users.id, userId));
}
