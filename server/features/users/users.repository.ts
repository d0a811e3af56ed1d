import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database, Queryable } from "../../db/client";
import type { SessionUser } from "../../../contracts/auth.contract";
import { type ShippingAddress, accounts, sessions, signInFailures, users } from "../../db/schema";

const sessionUserColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  displayName: users.displayName,
  isArtist: users.isArtist,
  pendingOccupation: users.pendingOccupation,
  role: users.role,
  profilePhoto: users.profilePhoto,
  instagramHandle: users.instagramHandle,
  websiteURL: users.websiteURL,
  shippingAddress: users.shippingAddress,
  timeZone: users.timeZone,
  twoFactorEnabled: users.twoFactorEnabled,
};

/** The signed-in person; a suspended (decision 0027) or closed (0058) account has no session. */
export async function findSessionUser(db: Database, id: string): Promise<SessionUser | undefined> {
  const [row] = await db
    .select(sessionUserColumns)
    .from(users)
    .where(and(eq(users.id, id), isNull(users.suspendedAt), isNull(users.closedAt)))
    .limit(1);
  return row;
}

/** True when the team suspended the person (decision 0027). */
export async function isSuspended(db: Database, id: string): Promise<boolean> {
  const [row] = await db
    .select({ suspended: sql<boolean>`${users.suspendedAt} is not null` })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row?.suspended ?? false;
}

/** Ends every session of the person. */
export async function deleteSessionsOf(db: Queryable, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function countRecentSignInFailures(
  db: Database,
  email: string,
  sinceSeconds: number,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(signInFailures)
    .where(
      and(
        eq(signInFailures.email, email),
        gt(signInFailures.createdAt, sql`now() - make_interval(secs => ${sinceSeconds})`),
      ),
    );
  return row?.n ?? 0;
}

export async function recordSignInFailure(
  db: Database,
  email: string,
  ipAddress: string | undefined,
) {
  await db.insert(signInFailures).values({ email, ipAddress: ipAddress ?? null });
}

export async function clearSignInFailures(db: Database, email: string) {
  await db.delete(signInFailures).where(eq(signInFailures.email, email));
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

/** The person's saved shipping address, if any (an artist's offered return address). */
export async function findSavedAddress(db: Queryable, userId: string) {
  const [row] = await db
    .select({ address: users.shippingAddress, displayName: users.displayName })
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

/** The person's sessions that have not expired, most recently seen first. */
export async function listLiveSessions(db: Database, userId: string, now: Date) {
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ipAddress: sessions.ipAddress,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(sql`${sessions.updatedAt} desc`)
    .limit(100);
}

/**
 * Ends the person's sessions with these ids, or all but `keepId` when `ids` is null; only
 * ever the person's own. How many it ended.
 */
export async function deleteSessionsWhere(
  db: Queryable,
  userId: string,
  which: { ids: string[] } | { allBut: string },
): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        "ids" in which
          ? sql`${sessions.id} in (${sql.join(
              which.ids.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})`
          : sql`${sessions.id} <> ${which.allBut}::uuid`,
      ),
    )
    .returning({ id: sessions.id });
  return rows.length;
}

/**
 * Sets the person's e-mail (confirmed by a link to it, decision 0057). The unique index
 * refuses an address another account took meanwhile (a unique violation to the caller).
 */
export async function setEmail(db: Queryable, userId: string, email: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ email, emailVerified: true, lastModified: new Date() })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return rows.length === 1;
}
