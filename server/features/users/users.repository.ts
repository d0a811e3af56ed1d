import { and, eq, gt, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import type { SessionUser } from "../../../contracts/auth.contract";
import { signInFailures, users } from "../../db/schema";

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
};

export async function findSessionUser(db: Database, id: string): Promise<SessionUser | undefined> {
  const [row] = await db.select(sessionUserColumns).from(users).where(eq(users.id, id)).limit(1);
  return row;
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
