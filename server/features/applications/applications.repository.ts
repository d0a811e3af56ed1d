import { aliasedTable, and, desc, eq, getTableColumns, inArray, lt, or, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { type ApplicationState, artistApplications, users } from "../../db/schema";

/** The states an application can still be answered from (decision 0027). */
export const OPEN_STATES: ApplicationState[] = ["waiting", "info_requested"];

export type ApplicationRow = typeof artistApplications.$inferSelect;

const decider = aliasedTable(users, "decider");

/** An application with its person, who decided it, and how many came before it. */
export type QueueRow = ApplicationRow & {
  firstName: string;
  lastName: string;
  displayName: string;
  email: string;
  bio: string;
  profilePhoto: string | null;
  signedUpAt: Date;
  decidedByEmail: string | null;
  earlierApplications: number;
  /** The time as the database's own text (microseconds), for the page cursor. */
  cursorAt: string;
};

function queueQuery(db: Queryable) {
  return db
    .select({
      ...getTableColumns(artistApplications),
      firstName: users.firstName,
      lastName: users.lastName,
      displayName: users.displayName,
      email: users.email,
      bio: users.bio,
      profilePhoto: users.profilePhoto,
      signedUpAt: users.createdAt,
      decidedByEmail: decider.email,
      earlierApplications: sql<number>`(select count(*)::int from artist_applications earlier
        where earlier.user_id = ${artistApplications.userId}
          and earlier.created_at < ${artistApplications.createdAt})`,
      cursorAt: sql<string>`${artistApplications.createdAt}::text`,
    })
    .from(artistApplications)
    .innerJoin(users, eq(users.id, artistApplications.userId))
    .leftJoin(decider, eq(decider.id, artistApplications.decidedBy));
}

export type QueueFilter = {
  states: ApplicationState[];
  before?: { createdAt: string; id: string };
  limit: number;
};

/** The queue: newest first, in the given states, one page at a time (keyset). */
export async function listApplications(db: Queryable, filter: QueueFilter): Promise<QueueRow[]> {
  const { before } = filter;
  return queueQuery(db)
    .where(
      and(
        inArray(artistApplications.state, filter.states),
        before
          ? or(
              lt(artistApplications.createdAt, sql`${before.createdAt}::timestamptz`),
              and(
                eq(artistApplications.createdAt, sql`${before.createdAt}::timestamptz`),
                lt(artistApplications.id, before.id),
              ),
            )
          : undefined,
      ),
    )
    .orderBy(desc(artistApplications.createdAt), desc(artistApplications.id))
    .limit(filter.limit);
}

/** One application with everything the queue shows. */
export async function findQueueRow(db: Queryable, id: string): Promise<QueueRow | undefined> {
  const [row] = await queueQuery(db).where(eq(artistApplications.id, id));
  return row;
}

/** How many applications are in each state. */
export async function countApplicationsByState(
  db: Queryable,
): Promise<Record<ApplicationState, number>> {
  const rows = await db
    .select({ state: artistApplications.state, n: sql<number>`count(*)::int` })
    .from(artistApplications)
    .groupBy(artistApplications.state);
  const counts = { waiting: 0, info_requested: 0, approved: 0, declined: 0 };
  for (const row of rows) counts[row.state] = row.n;
  return counts;
}

/** The header's number: applications waiting for the team. */
export async function countWaitingApplications(db: Queryable): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(artistApplications)
    .where(eq(artistApplications.state, "waiting"));
  return row?.n ?? 0;
}

/** The person's open application, locked until the transaction ends; none when decided. */
export async function lockOpenApplication(
  tx: Queryable,
  userId: string,
): Promise<ApplicationRow | undefined> {
  const [row] = await tx
    .select()
    .from(artistApplications)
    .where(
      and(eq(artistApplications.userId, userId), inArray(artistApplications.state, OPEN_STATES)),
    )
    .for("update");
  return row;
}

/** The person's latest application of any state. */
export async function findLatestApplication(
  db: Queryable,
  userId: string,
): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .select()
    .from(artistApplications)
    .where(eq(artistApplications.userId, userId))
    .orderBy(desc(artistApplications.createdAt), desc(artistApplications.id))
    .limit(1);
  return row;
}

export type TeamAnswer = {
  state: "approved" | "declined" | "info_requested";
  decidedBy: string;
  teamMessage: string | null;
};

/**
 * The team's answer as one guarded UPDATE: only from an open state. Answers the row as
 * it now is, or nothing when another answer came first.
 */
export async function answerApplication(
  tx: Queryable,
  id: string,
  answer: TeamAnswer,
): Promise<ApplicationRow | undefined> {
  const [row] = await tx
    .update(artistApplications)
    .set({
      state: answer.state,
      decidedBy: answer.decidedBy,
      decidedAt: sql`now()`,
      teamMessage: answer.teamMessage,
      updatedAt: sql`now()`,
    })
    .where(and(eq(artistApplications.id, id), inArray(artistApplications.state, OPEN_STATES)))
    .returning();
  return row;
}

export type ApplicationInput = {
  instagramHandle: string | null;
  websiteURL: string | null;
  note: string;
};

/**
 * A new waiting application. The partial unique index allows one open application per
 * person: a second one at the same moment inserts nothing and answers undefined.
 */
export async function insertApplication(
  tx: Queryable,
  userId: string,
  input: ApplicationInput,
): Promise<ApplicationRow | undefined> {
  const [row] = await tx
    .insert(artistApplications)
    .values({ userId, ...input })
    .onConflictDoNothing()
    .returning();
  return row;
}

export type ApplicationAnswerInput = {
  instagramHandle: string | null;
  websiteURL: string | null;
  answer: string;
};

/**
 * The applicant's answer to a request for information: back to waiting, guarded. The
 * answer is kept apart from the original note, which stays as it was.
 */
export async function reopenApplication(
  tx: Queryable,
  id: string,
  input: ApplicationAnswerInput,
): Promise<ApplicationRow | undefined> {
  const [row] = await tx
    .update(artistApplications)
    .set({ ...input, state: "waiting", updatedAt: sql`now()` })
    .where(and(eq(artistApplications.id, id), eq(artistApplications.state, "info_requested")))
    .returning();
  return row;
}

export type ApplicantRow = Pick<
  typeof users.$inferSelect,
  "id" | "email" | "firstName" | "isArtist" | "pendingOccupation"
>;

/** The person, locked until the transaction ends (one decision or application at a time). */
export async function lockApplicant(
  tx: Queryable,
  userId: string,
): Promise<ApplicantRow | undefined> {
  const [row] = await tx
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      isArtist: users.isArtist,
      pendingOccupation: users.pendingOccupation,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  return row;
}

/** The person's side of an answer or an application. */
export async function updateApplicant(
  tx: Queryable,
  userId: string,
  change: Partial<
    Pick<
      typeof users.$inferInsert,
      "isArtist" | "pendingOccupation" | "instagramHandle" | "websiteURL"
    >
  >,
): Promise<void> {
  await tx
    .update(users)
    .set({ ...change, lastModified: sql`now()` })
    .where(eq(users.id, userId));
}
