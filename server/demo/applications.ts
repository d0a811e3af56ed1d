import { eq, sql } from "drizzle-orm";
import type { Queryable } from "../db/client";
import { accounts, artistApplications, users } from "../db/schema";
import type { DemoUserIds, HashPassword } from "./accounts";

type DemoApplicant = {
  firstName: string;
  lastName: string;
  email: string;
  bio: string;
  instagramHandle: string | null;
  websiteURL: string | null;
  note: string;
  /** How long ago they applied. */
  daysAgo: number;
  /** Set for the declined one: the team's reason. */
  declinedWith?: string;
};

/** What the demo applicant (DEMO_APPLICANT) tells the team; their row comes from the sign-up trigger. */
const DEMO_APPLICANT_STORY = {
  bio: "Printmaker in Austin. I cut linocuts of the Texas Hill Country and print them by hand in small editions.",
  note: "I have sold prints at the Austin Art Fair for three years and would like to reach collectors online.",
};

/**
 * The console's demo queue: with the demo applicant, three applications
 * waiting for the team, and one declined with its reason.
 */
export const DEMO_APPLICANTS: readonly DemoApplicant[] = [
  {
    firstName: "Amara",
    lastName: "Okoye",
    email: "amara.okoye@demo.vernissage.test",
    bio: "Textile artist weaving large wall hangings from naturally dyed wool.",
    instagramHandle: "amara.weaves",
    websiteURL: "https://amaraokoye-textiles.example.com",
    note: "My studio is in Portland; most of my pieces are between 4 and 8 feet wide.",
    daysAgo: 2,
  },
  {
    firstName: "Tomas",
    lastName: "Varga",
    email: "tomas.varga@demo.vernissage.test",
    bio: "Street photographer documenting Chicago's elevated train lines at night.",
    instagramHandle: null,
    websiteURL: "https://tomasvarga-photo.example.com",
    note: "Archival pigment prints, signed and numbered, editions of 10.",
    daysAgo: 4,
  },
  {
    firstName: "Casey",
    lastName: "Brooks",
    email: "casey.brooks@demo.vernissage.test",
    bio: "I collect and resell vintage posters.",
    instagramHandle: "caseys.poster.finds",
    websiteURL: null,
    note: "",
    daysAgo: 12,
    declinedWith:
      "Vernissage lists original work by the artists themselves; resold vintage posters are not eligible.",
  },
];

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The demo applicants and their applications, inside the demo's transaction: each can
 * sign in with the demo password. A waiting applicant's row is written by the sign-up
 * trigger (migration 0010), as for a real sign-up; the declined one is written here.
 */
export async function createDemoApplications(
  tx: Queryable,
  hashPassword: HashPassword,
  password: string,
  ids: Pick<DemoUserIds, "applicant" | "admin">,
): Promise<void> {
  const now = Date.now();
  await tx.update(users).set({ bio: DEMO_APPLICANT_STORY.bio }).where(eq(users.id, ids.applicant));
  await tx
    .update(artistApplications)
    .set({ note: DEMO_APPLICANT_STORY.note })
    .where(eq(artistApplications.userId, ids.applicant));

  for (const person of DEMO_APPLICANTS) {
    const appliedAt = new Date(now - person.daysAgo * DAY_MS);
    const [row] = await tx
      .insert(users)
      .values({
        email: person.email,
        firstName: person.firstName,
        lastName: person.lastName,
        displayName: `${person.firstName} ${person.lastName}`,
        emailVerified: true,
        bio: person.bio,
        instagramHandle: person.instagramHandle,
        websiteURL: person.websiteURL,
        pendingOccupation: person.declinedWith ? null : "artist",
        createdAt: new Date(appliedAt.getTime() - DAY_MS),
      })
      .returning({ id: users.id });
    if (!row) throw new Error(`demo applicant ${person.email} was not created`);
    await tx.insert(accounts).values({
      userId: row.id,
      providerId: "credential",
      accountId: row.id,
      password: await hashPassword(password),
    });
    if (person.declinedWith) {
      await tx.insert(artistApplications).values({
        userId: row.id,
        state: "declined",
        instagramHandle: person.instagramHandle,
        websiteURL: person.websiteURL,
        note: person.note,
        createdAt: appliedAt,
        updatedAt: new Date(appliedAt.getTime() + DAY_MS),
        decidedAt: new Date(appliedAt.getTime() + DAY_MS),
        decidedBy: ids.admin,
        teamMessage: person.declinedWith,
      });
    } else {
      await tx
        .update(artistApplications)
        .set({ note: person.note, createdAt: appliedAt, updatedAt: appliedAt })
        .where(eq(artistApplications.userId, row.id));
    }
  }
  // The demo applicant applied most recently.
  await tx
    .update(artistApplications)
    .set({ createdAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(artistApplications.userId, ids.applicant));
}
