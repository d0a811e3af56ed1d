import {
  type AnyColumn,
  type SQL,
  and,
  desc,
  eq,
  ilike,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
} from "drizzle-orm";
import type { Database, Queryable } from "../../db/client";
import { artworks, sessions, users } from "../../db/schema";
import { listedSql } from "../artworks/artworks.api";

/** The console's people and artworks moderation (decision 0027): reads and guarded writes. */

/** Keyset paging: the last row of the previous page. */
export type PageAfter = { createdAt: string; id: string };

/** `%text%` for ILIKE, with the text's own wildcards taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function after(
  createdAt: typeof users.createdAt | typeof artworks.createdAt,
  id: typeof users.id | typeof artworks.id,
  page: PageAfter | undefined,
): SQL | undefined {
  if (!page) return undefined;
  return or(
    lt(createdAt, sql`${page.createdAt}::timestamptz`),
    and(eq(createdAt, sql`${page.createdAt}::timestamptz`), lt(id, page.id)),
  );
}

// ---- People ----

export type PeopleFilter = {
  text?: string;
  role?: "admin" | "artist" | "applicant" | "collector";
  status?: "active" | "suspended";
  after?: PageAfter;
  limit: number;
};

const personColumns = {
  id: users.id,
  displayName: users.displayName,
  email: users.email,
  role: users.role,
  isArtist: users.isArtist,
  pendingOccupation: users.pendingOccupation,
  payoutStatus: users.payoutStatus,
  suspendedAt: users.suspendedAt,
  suspensionReason: users.suspensionReason,
  createdAt: users.createdAt,
  cursorAt: sql<string>`${users.createdAt}::text`,
  works: sql<number>`(select count(*)::int from artworks w where w.artist_id = users.id)`,
  orders: sql<number>`(select count(*)::int from orders o where o.purchaser_id = users.id)`,
  sales: sql<number>`(select count(*)::int from orders o join artworks w on w.id = o.artwork_id where w.artist_id = users.id)`,
};

export type PersonRow = {
  id: string;
  displayName: string;
  email: string;
  role: string;
  isArtist: boolean;
  pendingOccupation: string | null;
  payoutStatus: string;
  suspendedAt: Date | null;
  suspensionReason: string | null;
  createdAt: Date;
  cursorAt: string;
  works: number;
  orders: number;
  sales: number;
};

function roleCondition(role: PeopleFilter["role"]): SQL | undefined {
  switch (role) {
    case "admin":
      return eq(users.role, "admin");
    case "artist":
      return eq(users.isArtist, true);
    case "applicant":
      return eq(users.pendingOccupation, "artist");
    case "collector":
      return and(eq(users.isArtist, false), isNull(users.pendingOccupation));
    default:
      return undefined;
  }
}

export async function listPeople(db: Database, filter: PeopleFilter): Promise<PersonRow[]> {
  const text = filter.text ? containing(filter.text) : undefined;
  return db
    .select(personColumns)
    .from(users)
    .where(
      and(
        text ? or(ilike(users.displayName, text), ilike(users.email, text)) : undefined,
        roleCondition(filter.role),
        filter.status === "suspended"
          ? isNotNull(users.suspendedAt)
          : filter.status === "active"
            ? isNull(users.suspendedAt)
            : undefined,
        after(users.createdAt, users.id, filter.after),
      ),
    )
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(filter.limit);
}

export async function findPerson(db: Queryable, id: string): Promise<PersonRow | undefined> {
  const [row] = await db.select(personColumns).from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Suspends, only if not suspended yet; answers the id, or nothing when it did not apply. */
export async function suspendUser(tx: Queryable, id: string, reason: string) {
  const [row] = await tx
    .update(users)
    .set({ suspendedAt: sql`now()`, suspensionReason: reason })
    .where(and(eq(users.id, id), isNull(users.suspendedAt)))
    .returning({ id: users.id });
  return row;
}

export async function reinstateUser(tx: Queryable, id: string) {
  const [row] = await tx
    .update(users)
    .set({ suspendedAt: null, suspensionReason: null })
    .where(and(eq(users.id, id), isNotNull(users.suspendedAt)))
    .returning({ id: users.id, reason: users.suspensionReason });
  return row;
}

/** Ends every session of the person (a suspension signs them out everywhere). */
export async function deleteSessionsOf(tx: Queryable, userId: string): Promise<number> {
  const rows = await tx
    .delete(sessions)
    .where(eq(sessions.userId, userId))
    .returning({ id: sessions.id });
  return rows.length;
}

export async function makeAdmin(tx: Queryable, id: string) {
  const [row] = await tx
    .update(users)
    .set({ role: "admin" })
    .where(and(eq(users.id, id), eq(users.role, "user"), isNull(users.suspendedAt)))
    .returning({ id: users.id });
  return row;
}

/**
 * Locks every admin row and answers how many there are: the demoting transaction holds
 * the lock, so two admins demoting each other at once are counted one after the other.
 */
/**
 * Locks every admin row (in one statement, so two transactions take them in the same
 * order) and answers the admins who are not suspended. A transaction that waited for
 * the lock reads the rows as the other left them.
 */
export async function lockActiveAdmins(tx: Queryable): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id, suspendedAt: users.suspendedAt })
    .from(users)
    .where(eq(users.role, "admin"))
    .orderBy(users.id)
    .for("update");
  return rows.filter((r) => r.suspendedAt === null).map((r) => r.id);
}

export async function revokeAdmin(tx: Queryable, id: string) {
  const [row] = await tx
    .update(users)
    .set({ role: "user" })
    .where(and(eq(users.id, id), eq(users.role, "admin")))
    .returning({ id: users.id });
  return row;
}

// ---- Artworks ----

export type ArtworkFilter = {
  text?: string;
  artistId?: string;
  status?: "draft" | "available" | "not for sale";
  forSale?: boolean;
  hidden?: boolean;
  curated?: boolean;
  after?: PageAfter;
  limit: number;
};

const artworkColumns = {
  id: artworks.id,
  title: artworks.title,
  artistId: artworks.artistId,
  artistName: users.displayName,
  artistEmail: users.email,
  artistSuspended: sql<boolean>`(${users.suspendedAt} is not null)`,
  price: artworks.priceCents,
  status: artworks.status,
  isForSale: artworks.isForSale,
  hiddenAt: artworks.hiddenAt,
  hiddenReason: artworks.hiddenReason,
  isCurated: artworks.isCurated,
  randomOrder: artworks.randomOrder,
  imageThumbnail: artworks.imageThumbnail,
  listed: sql<boolean>`(${listedSql("artworks", "users")})`,
  createdAt: artworks.createdAt,
  cursorAt: sql<string>`${artworks.createdAt}::text`,
};

export type ArtworkRow = {
  id: string;
  title: string;
  artistId: string;
  artistName: string;
  artistEmail: string;
  artistSuspended: boolean;
  price: number | null;
  status: string;
  isForSale: boolean;
  hiddenAt: Date | null;
  hiddenReason: string | null;
  isCurated: boolean;
  randomOrder: number;
  imageThumbnail: string | null;
  listed: boolean;
  createdAt: Date;
  cursorAt: string;
};

function yesNo(value: boolean | undefined, column: SQL | AnyColumn): SQL | undefined {
  if (value === undefined) return undefined;
  return value ? sql`${column}` : sql`not ${column}`;
}

export async function listArtworksForConsole(
  db: Database,
  filter: ArtworkFilter,
): Promise<ArtworkRow[]> {
  const text = filter.text ? containing(filter.text) : undefined;
  return db
    .select(artworkColumns)
    .from(artworks)
    .innerJoin(users, eq(users.id, artworks.artistId))
    .where(
      and(
        text ? or(ilike(artworks.title, text), ilike(artworks.artistDisplayName, text)) : undefined,
        filter.artistId ? eq(artworks.artistId, filter.artistId) : undefined,
        filter.status ? eq(artworks.status, filter.status) : undefined,
        yesNo(filter.forSale, artworks.isForSale),
        yesNo(filter.hidden, sql`(${artworks.hiddenAt} is not null)`),
        yesNo(filter.curated, artworks.isCurated),
        after(artworks.createdAt, artworks.id, filter.after),
      ),
    )
    .orderBy(desc(artworks.createdAt), desc(artworks.id))
    .limit(filter.limit);
}

export async function findArtworkForConsole(
  db: Queryable,
  id: string,
  options: { lock?: boolean } = {},
): Promise<ArtworkRow | undefined> {
  const query = db
    .select(artworkColumns)
    .from(artworks)
    .innerJoin(users, eq(users.id, artworks.artistId))
    .where(eq(artworks.id, id))
    .limit(1);
  const [row] = options.lock ? await query.for("update", { of: artworks }) : await query;
  return row;
}

export async function hideArtwork(tx: Queryable, id: string, reason: string) {
  const [row] = await tx
    .update(artworks)
    .set({ hiddenAt: sql`now()`, hiddenReason: reason })
    .where(and(eq(artworks.id, id), isNull(artworks.hiddenAt)))
    .returning({ id: artworks.id });
  return row;
}

export async function unhideArtwork(tx: Queryable, id: string) {
  const [row] = await tx
    .update(artworks)
    .set({ hiddenAt: null, hiddenReason: null })
    .where(and(eq(artworks.id, id), isNotNull(artworks.hiddenAt)))
    .returning({ id: artworks.id, reason: artworks.hiddenReason });
  return row;
}

export async function setCuration(
  tx: Queryable,
  id: string,
  changes: { isCurated?: boolean; randomOrder?: number },
) {
  const [row] = await tx
    .update(artworks)
    .set(changes)
    .where(eq(artworks.id, id))
    .returning({ isCurated: artworks.isCurated, randomOrder: artworks.randomOrder });
  return row;
}
