import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import type { SessionUser } from "../../../contracts/auth.contract";
import { sessions, signInFailures, users } from "../../db/schema";

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
};

/** The signed-in person; a suspended person has no session (decision 0027). */
export async function findSessionUser(db: Database, id: string): Promise<SessionUser | undefined> {
  const [row] = await db
    .select(sessionUserColumns)
    .from(users)
    .where(and(eq(users.id, id), isNull(users.suspendedAt)))
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
export async function deleteSessionsOf(db: Database, userId: string): Promise<void> {
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
