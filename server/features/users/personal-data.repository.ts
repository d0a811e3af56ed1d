import { and, eq, isNull } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { accounts, sessions, users, verifications } from "../../db/schema";

/**
 * A person's own profile and devices for their data export (decision 0058), and the
 * closing of their account: the row is kept for the orders and ledger that refer to it,
 * with everything that says who they were replaced.
 */
export async function profileForExport(db: Queryable, userId: string) {
  const [profile] = await db
    .select({
      id: users.id,
      email: users.email,
      emailVerified: users.emailVerified,
      firstName: users.firstName,
      lastName: users.lastName,
      displayName: users.displayName,
      isArtist: users.isArtist,
      role: users.role,
      bio: users.bio,
      instagramHandle: users.instagramHandle,
      websiteURL: users.websiteURL,
      birthYear: users.birthYear,
      location: users.location,
      cityId: users.cityId,
      profilePhoto: users.profilePhoto,
      shippingAddress: users.shippingAddress,
      payoutStatus: users.payoutStatus,
      payoutBankLast4: users.payoutBankLast4,
      timeZone: users.timeZone,
      createdAt: users.createdAt,
      lastModified: users.lastModified,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  const devices = await db
    .select({
      userAgent: sessions.userAgent,
      ipAddress: sessions.ipAddress,
      signedInAt: sessions.createdAt,
      lastSeenAt: sessions.updatedAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  return profile ? { ...profile, devices } : undefined;
}

/** The person's row, locked for the rest of the transaction; undefined when unknown. */
export async function lockAccount(tx: Queryable, userId: string) {
  const [row] = await tx
    .select({
      email: users.email,
      displayName: users.displayName,
      closedAt: users.closedAt,
      profilePhoto: users.profilePhoto,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for("update")
    .limit(1);
  return row;
}

/**
 * Replaces everything on the row that says who the person was, marks it closed and ends
 * their sessions, password and reset links. Conditional on the row not being closed, so
 * it happens once: false when it already was.
 */
export async function closeAccountRow(
  tx: Queryable,
  userId: string,
  replacement: { pseudonym: string; email: string; closedAt: Date },
): Promise<boolean> {
  const closed = await tx
    .update(users)
    .set({
      email: replacement.email,
      emailVerified: false,
      firstName: "",
      lastName: "",
      displayName: replacement.pseudonym,
      pendingOccupation: null,
      instagramHandle: null,
      websiteURL: null,
      bio: "",
      birthYear: null,
      location: null,
      cityId: null,
      profilePhoto: null,
      shippingAddress: null,
      stripeId: null,
      // Not listed any more: the search triggers take the works out with it.
      payoutStatus: "none",
      payoutBankLast4: null,
      role: "user",
      timeZone: "UTC",
      twoFactorEnabled: false,
      closedAt: replacement.closedAt,
      lastModified: replacement.closedAt,
    })
    .where(and(eq(users.id, userId), isNull(users.closedAt)))
    .returning({ id: users.id });
  if (closed.length === 0) return false;
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(accounts).where(eq(accounts.userId, userId));
  // Reset links (`reset-password:<token>` → the user's id).
  await tx.delete(verifications).where(eq(verifications.value, userId));
  return true;
}

/** The stored hash of the person's password; undefined without one (a guest's account). */
export async function passwordHashOf(db: Queryable, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")))
    .limit(1);
  return row?.password ?? undefined;
}
