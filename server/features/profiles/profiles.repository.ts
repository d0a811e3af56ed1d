import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { users } from "../../db/schema";

/**
 * What anyone may see of a user. Listed column by column on purpose: the e-mail,
 * shipping address, payment and payout ids and role never leave this module.
 */
const publicColumns = {
  id: users.id,
  displayName: users.displayName,
  profilePhoto: users.profilePhoto,
  birthYear: users.birthYear,
  location: users.location,
  bio: users.bio,
  instagramHandle: users.instagramHandle,
  websiteURL: users.websiteURL,
  isArtist: users.isArtist,
};

export type PublicUserRow = {
  id: string;
  displayName: string;
  profilePhoto: string | null;
  birthYear: number | null;
  location: string | null;
  bio: string;
  instagramHandle: string | null;
  websiteURL: string | null;
  isArtist: boolean;
};

/** The owner also sees the fields their edit form holds. */
export type OwnUserRow = PublicUserRow & {
  firstName: string;
  lastName: string;
  email: string;
  pendingOccupation: string | null;
  timeZone: string;
  lastModified: Date;
};

const ownColumns = {
  ...publicColumns,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  pendingOccupation: users.pendingOccupation,
  timeZone: users.timeZone,
  lastModified: users.lastModified,
};

/** The columns a profile edit may write; everything else on users is not the person's to set. */
export type ProfileChanges = Partial<{
  firstName: string;
  lastName: string;
  displayName: string;
  bio: string;
  birthYear: number | null;
  location: string | null;
  instagramHandle: string | null;
  websiteURL: string | null;
  timeZone: string;
}>;

export async function findPublicUser(db: Database, id: string): Promise<PublicUserRow | undefined> {
  const [row] = await db.select(publicColumns).from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/**
 * Applies the changes `decide` returns for the current row, in one transaction with
 * the row locked, so a rule that looks at stored values (an artist keeps a link)
 * holds against concurrent edits. If `decide` throws, nothing is written.
 */
export async function updateOwnUser(
  db: Database,
  id: string,
  decide: (current: OwnUserRow) => ProfileChanges,
): Promise<OwnUserRow | undefined> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select(ownColumns)
      .from(users)
      .where(eq(users.id, id))
      .limit(1)
      .for("update");
    if (!current) return undefined;
    const changes = decide(current);
    const [updated] = await tx
      .update(users)
      .set({ ...changes, lastModified: new Date() })
      .where(eq(users.id, id))
      .returning(ownColumns);
    return updated;
  });
}
