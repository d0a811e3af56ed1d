import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AdminApplication,
  applicationDecisionSchema,
  applicationsPageSchema,
} from "../../../contracts/admin-applications.contract";
import { ownApplicationAnswerSchema } from "../../../contracts/applications.contract";
import { apiErrorSchema } from "../../../contracts/common.contract";
import { authMessages } from "../../../domain/auth-messages";
import { artistApplications, auditEvents, outbox, users } from "../../db/schema";
import { expectContract } from "../../test/contract";
import { type TestApp, createTestApp } from "../../test/test-app";
import { type Member, headersFor, readUser, signUp } from "../profiles/profiles.test-helpers";
import { decide } from "./applications.service";

let t: TestApp;
let admin: Member;
let otherAdmin: Member;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, {}, { role: "admin" });
  otherAdmin = await signUp(t, {}, { role: "admin" });
});

afterAll(async () => {
  await t.close();
});

/** An applicant who signs up through the API (and so holds a session). */
function applicant(overrides: Record<string, unknown> = {}) {
  return signUp(t, { occupation: "artist", instagramHandle: "@maker.one", ...overrides });
}

let seeded = 0;

/**
 * An applicant written straight to the database, as the sign-up writes one (the trigger
 * adds the waiting application): sign-ups are rate limited, and the team's side needs
 * no session of theirs.
 */
async function quickApplicant(columns: Partial<typeof users.$inferInsert> = {}) {
  seeded += 1;
  const firstName = columns.firstName ?? "Quick";
  const lastName = columns.lastName ?? `Applicant ${seeded}`;
  const [row] = await t.db
    .insert(users)
    .values({
      email: `quick.${seeded}.${Math.random().toString(36).slice(2)}@example.com`,
      firstName,
      lastName,
      displayName: `${firstName} ${lastName}`,
      pendingOccupation: "artist",
      instagramHandle: "maker.one",
      ...columns,
    })
    .returning({ id: users.id, email: users.email });
  if (!row) throw new Error("no applicant");
  return row;
}

function send(member: Member | undefined, method: string, path: string, body?: unknown) {
  const headers = headersFor(
    member,
    body === undefined ? {} : { "content-type": "application/json" },
  );
  return t.app.request(path, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
}

const approve = (userId: string, by = admin) =>
  send(by, "POST", `/api/admin/applications/${userId}/approve`);
const decline = (userId: string, reason: unknown = "Not a fit right now.", by = admin) =>
  send(by, "POST", `/api/admin/applications/${userId}/decline`, { reason });
const requestInfo = (userId: string, message: unknown = "Please show us more work.", by = admin) =>
  send(by, "POST", `/api/admin/applications/${userId}/request-info`, { message });
const applyAs = (member: Member, body: unknown) =>
  send(member, "POST", "/api/me/artist-application", body);

async function errorOf(response: Response) {
  return expectContract(apiErrorSchema, await response.json()).error;
}

async function applicationsOf(userId: string) {
  return t.db
    .select()
    .from(artistApplications)
    .where(eq(artistApplications.userId, userId))
    .orderBy(artistApplications.createdAt);
}

async function mailsTo(email: string) {
  return t.db.select().from(outbox).where(eq(outbox.recipient, email));
}

async function auditFor(userId: string) {
  return t.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.targetType, "user"), eq(auditEvents.targetId, userId)));
}

async function queue(query = ""): Promise<ReturnType<typeof applicationsPageSchema.parse>> {
  const response = await send(admin, "GET", `/api/admin/applications${query}`);
  expect(response.status).toBe(200);
  return expectContract(applicationsPageSchema, await response.json());
}

describe("sign-up as an artist applicant", () => {
  it("writes a waiting application with the handle and website (the trigger)", async () => {
    const a = await applicant({ instagramHandle: "@sign.up", websiteURL: "example.com/me" });
    const rows = await applicationsOf(a.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      state: "waiting",
      instagramHandle: "sign.up",
      websiteURL: "https://example.com/me",
    });
    const collector = await signUp(t);
    expect(await applicationsOf(collector.id)).toHaveLength(0);
  });
});

describe("POST /api/admin/applications/:userId/approve", () => {
  it("makes the applicant an artist, mails them and writes one audit row", async () => {
    const a = await quickApplicant();
    const response = await approve(a.id);
    expect(response.status).toBe(200);
    const { application } = expectContract(applicationDecisionSchema, await response.json());
    expect(application).toMatchObject({
      userId: a.id,
      state: "approved",
      decidedByEmail: admin.email,
      instagramHandle: "maker.one",
    });
    expect(await readUser(t, a.id)).toMatchObject({ isArtist: true, pendingOccupation: null });
    const [row] = await applicationsOf(a.id);
    expect(row).toMatchObject({ state: "approved", decidedBy: admin.id });
    expect(row?.decidedAt).toBeInstanceOf(Date);
    const mails = await mailsTo(a.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("Your artist application was approved");
    expect(mails[0]?.textBody).toContain(`${t.services.config.publicUrl}/profile`);
    expect(mails[0]?.textBody).toContain(`${t.services.config.publicUrl}/upload`);
    const audit = await auditFor(a.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "application.approve",
      actorEmail: admin.email,
      before: { state: "waiting", isArtist: false, pendingOccupation: "artist" },
      after: { state: "approved", isArtist: true, pendingOccupation: null },
    });
  });

  it("refuses a second approval with 409 and writes nothing more", async () => {
    const a = await quickApplicant();
    expect((await approve(a.id)).status).toBe(200);
    const again = await approve(a.id);
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe("This application has already been decided.");
    expect(await mailsTo(a.email)).toHaveLength(1);
    expect(await auditFor(a.id)).toHaveLength(1);
  });

  it("answers 404 for an unknown or malformed user and 409 for a person who never applied", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      const response = await approve(id);
      expect(response.status).toBe(404);
      expect((await errorOf(response)).message).toBe("User not found.");
    }
    const collector = await signUp(t);
    const response = await approve(collector.id);
    expect(response.status).toBe(409);
    expect((await errorOf(response)).message).toBe("This person has not applied as an artist.");
  });

  it("gives two admins acting at once one outcome, one e-mail and one audit row", async () => {
    const a = await quickApplicant();
    const answers = await Promise.all([approve(a.id, admin), decline(a.id, "No.", otherAdmin)]);
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409]);
    const rows = await applicationsOf(a.id);
    expect(rows).toHaveLength(1);
    expect(["approved", "declined"]).toContain(rows[0]?.state);
    const user = await readUser(t, a.id);
    expect(user.isArtist).toBe(rows[0]?.state === "approved");
    expect(user.pendingOccupation).toBeNull();
    expect(await mailsTo(a.email)).toHaveLength(1);
    expect(await auditFor(a.id)).toHaveLength(1);
  });

  it("leaves nothing behind when a step fails inside the transaction", async () => {
    const a = await quickApplicant();
    const crashing = {
      db: t.db,
      kickOutbox: () => undefined,
      get publicUrl(): string {
        throw new Error("crash between steps");
      },
    };
    await expect(
      decide(crashing, { id: admin.id, email: admin.email }, a.id, { kind: "approve" }),
    ).rejects.toThrow("crash between steps");
    expect((await applicationsOf(a.id))[0]).toMatchObject({ state: "waiting", decidedBy: null });
    expect(await readUser(t, a.id)).toMatchObject({ isArtist: false, pendingOccupation: "artist" });
    expect(await mailsTo(a.email)).toHaveLength(0);
    expect(await auditFor(a.id)).toHaveLength(0);
  });
});

describe("POST /api/admin/applications/:userId/decline", () => {
  it("keeps the person a collector, mails the reason and writes one audit row", async () => {
    const a = await quickApplicant();
    const response = await decline(a.id, "  We only list original work.  ");
    expect(response.status).toBe(200);
    const { application } = expectContract(applicationDecisionSchema, await response.json());
    expect(application).toMatchObject({
      state: "declined",
      teamMessage: "We only list original work.",
    });
    expect(await readUser(t, a.id)).toMatchObject({ isArtist: false, pendingOccupation: null });
    const [mail] = await mailsTo(a.email);
    expect(mail?.subject).toBe("About your artist application");
    expect(mail?.textBody).toContain("We only list original work.");
    expect(mail?.textBody).toContain("apply again from your profile");
    const audit = await auditFor(a.id);
    expect(audit).toMatchObject([
      {
        action: "application.decline",
        after: { state: "declined", teamMessage: "We only list original work." },
      },
    ]);
  });

  it("refuses a missing, blank, oversized, NUL or non-text reason and changes nothing", async () => {
    const a = await quickApplicant();
    const cases: [unknown, number, string][] = [
      [undefined, 400, "Please give a reason."],
      ["   ", 400, "Please give a reason."],
      [42, 400, "Please give a reason."],
      ["x".repeat(2001), 400, "The reason is too long (at most 2,000 characters)."],
      ["bad\u0000reason", 400, "Text may not contain the NUL character (U+0000)."],
    ];
    for (const [reason, status] of cases) {
      const response = await send(
        admin,
        "POST",
        `/api/admin/applications/${a.id}/decline`,
        reason === undefined ? {} : { reason },
      );
      expect(response.status).toBe(status);
    }
    const messages = await Promise.all(
      cases
        .slice(0, 4)
        .map(
          async ([reason]) =>
            (
              await errorOf(
                await send(
                  admin,
                  "POST",
                  `/api/admin/applications/${a.id}/decline`,
                  reason === undefined ? {} : { reason },
                ),
              )
            ).message,
        ),
    );
    expect(messages).toEqual(cases.slice(0, 4).map(([, , m]) => m));
    expect((await applicationsOf(a.id))[0]?.state).toBe("waiting");
    expect(await mailsTo(a.email)).toHaveLength(0);
    expect(await auditFor(a.id)).toHaveLength(0);
  });
});

describe("POST /api/admin/applications/:userId/request-info", () => {
  it("asks for more, mails the message, and the applicant's answer returns it to waiting", async () => {
    const a = await applicant();
    await t.db
      .update(artistApplications)
      .set({ note: "I paint harbours at dawn." })
      .where(eq(artistApplications.userId, a.id));
    const response = await requestInfo(a.id, "Could you share a portfolio link?");
    expect(response.status).toBe(200);
    const { application } = expectContract(applicationDecisionSchema, await response.json());
    expect(application.state).toBe("info_requested");
    expect(await readUser(t, a.id)).toMatchObject({ isArtist: false, pendingOccupation: "artist" });
    const [mail] = await mailsTo(a.email);
    expect(mail?.subject).toBe("More information needed for your artist application");
    expect(mail?.textBody).toContain("Could you share a portfolio link?");
    expect(mail?.textBody).toContain(`${t.services.config.publicUrl}/profile`);
    expect(await auditFor(a.id)).toMatchObject([{ action: "application.request_info" }]);

    const own = await send(a, "GET", "/api/me/artist-application");
    expect(expectContract(ownApplicationAnswerSchema, await own.json()).application).toMatchObject({
      state: "info_requested",
      teamMessage: "Could you share a portfolio link?",
    });

    const before = (await applicationsOf(a.id))[0];
    expect(before?.note).toBe("I paint harbours at dawn.");
    const answer = await applyAs(a, {
      instagramHandle: "",
      websiteURL: "https://portfolio.example.com",
      note: "This replaces nothing.",
      answer: "  Here it is.  ",
    });
    expect(answer.status).toBe(200);
    const answered = expectContract(ownApplicationAnswerSchema, await answer.json());
    // The answer is kept apart: the original note stays as it was.
    expect(answered.application).toMatchObject({
      state: "waiting",
      note: before?.note,
      answer: "Here it is.",
      teamMessage: "Could you share a portfolio link?",
      websiteURL: "https://portfolio.example.com/",
      instagramHandle: null,
    });
    const rows = await applicationsOf(a.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ note: before?.note, answer: "Here it is." });
    const inQueue = (await queue()).applications.find((x) => x.userId === a.id);
    expect(inQueue).toMatchObject({
      state: "waiting",
      note: before?.note,
      teamMessage: "Could you share a portfolio link?",
      answer: "Here it is.",
    });
    expect(await readUser(t, a.id)).toMatchObject({
      websiteURL: "https://portfolio.example.com/",
      instagramHandle: null,
    });
    // A request for information can follow, then a decision.
    expect((await requestInfo(a.id, "And one more thing?")).status).toBe(200);
    expect((await approve(a.id)).status).toBe(200);
    expect(await auditFor(a.id)).toHaveLength(3);
  });

  it("refuses a blank, oversized or NUL answer and changes nothing", async () => {
    const a = await applicant();
    expect((await requestInfo(a.id, "Which city do you work in?")).status).toBe(200);
    const before = (await applicationsOf(a.id))[0];
    const cases: [unknown, string][] = [
      [{ instagramHandle: "mira.paints" }, "Please write your answer to the team's question."],
      [
        { instagramHandle: "mira.paints", answer: "  \n " },
        "Please write your answer to the team's question.",
      ],
      [
        { instagramHandle: "mira.paints", answer: "" },
        "Please write your answer to the team's question.",
      ],
      [
        { instagramHandle: "mira.paints", answer: "a".repeat(2001) },
        "Your answer is too long (at most 2,000 characters).",
      ],
      [
        { instagramHandle: "mira.paints", answer: "Lisbon\u0000" },
        "Text may not contain the NUL character (U+0000).",
      ],
      [
        { instagramHandle: "mira.paints", answer: 7 },
        "Please write your answer to the team's question.",
      ],
    ];
    for (const [body, message] of cases) {
      const response = await applyAs(a, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(response)).message, JSON.stringify(body)).toBe(message);
    }
    expect(await applicationsOf(a.id)).toEqual([before]);
    // The longest allowed answer is taken, and the same answer twice at once is one.
    const answers = await Promise.all([
      applyAs(a, { instagramHandle: "mira.paints", answer: "b".repeat(2000) }),
      applyAs(a, { instagramHandle: "mira.paints", answer: "b".repeat(2000) }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const rows = await applicationsOf(a.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      state: "waiting",
      answer: "b".repeat(2000),
      note: before?.note,
    });
  });

  it("needs a message and an open application", async () => {
    const a = await quickApplicant();
    const blank = await requestInfo(a.id, "");
    expect(blank.status).toBe(400);
    expect((await errorOf(blank)).message).toBe("Please write a message.");
    const long = await requestInfo(a.id, "y".repeat(2001));
    expect((await errorOf(long)).message).toBe(
      "The message is too long (at most 2,000 characters).",
    );
    expect((await decline(a.id)).status).toBe(200);
    const late = await requestInfo(a.id);
    expect(late.status).toBe(409);
    expect(await mailsTo(a.email)).toHaveLength(1);
  });
});

describe("POST /api/me/artist-application", () => {
  it("lets a declined applicant apply again: a new row, the history kept", async () => {
    const a = await applicant();
    expect((await decline(a.id, "Too early.")).status).toBe(200);
    const own = expectContract(
      ownApplicationAnswerSchema,
      await (await send(a, "GET", "/api/me/artist-application")).json(),
    );
    expect(own).toMatchObject({
      isArtist: false,
      application: { state: "declined", teamMessage: "Too early." },
    });
    const again = await applyAs(a, { instagramHandle: "@again.art", note: "New work since." });
    expect(again.status).toBe(200);
    const rows = await applicationsOf(a.id);
    expect(rows.map((r) => r.state)).toEqual(["declined", "waiting"]);
    expect(rows[1]).toMatchObject({ instagramHandle: "again.art", note: "New work since." });
    expect(await readUser(t, a.id)).toMatchObject({
      pendingOccupation: "artist",
      instagramHandle: "again.art",
    });
    const { applications } = await queue();
    const mine = applications.find((x) => x.userId === a.id);
    expect(mine).toMatchObject({ state: "waiting", earlierApplications: 1 });
  });

  it("lets a collector apply, once, even when the form is sent twice at once", async () => {
    const c = await signUp(t);
    const answers = await Promise.all([
      applyAs(c, { websiteURL: "collector-art.example.org" }),
      applyAs(c, { websiteURL: "collector-art.example.org" }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = answers.find((r) => r.status === 409);
    expect((await errorOf(refused as Response)).message).toBe(
      "Your application is already waiting for review.",
    );
    expect(await applicationsOf(c.id)).toHaveLength(1);
    expect(await readUser(t, c.id)).toMatchObject({
      pendingOccupation: "artist",
      websiteURL: "https://collector-art.example.org/",
    });
  });

  it("refuses bad input with the sign-up form's messages and changes nothing", async () => {
    const c = await signUp(t);
    const cases: [unknown, string][] = [
      [{}, authMessages.artistNeedsLink],
      [{ instagramHandle: " @ ", websiteURL: "  " }, authMessages.artistNeedsLink],
      [{ instagramHandle: "bad handle!" }, authMessages.invalidHandle],
      [{ websiteURL: "javascript:alert(1)" }, authMessages.invalidWebsite],
      [{ instagramHandle: "x".repeat(65) }, authMessages.invalidHandle],
      [
        { instagramHandle: "ok", note: "n".repeat(2001) },
        "Your note is too long (at most 2,000 characters).",
      ],
      [{ instagramHandle: "ok", note: 7 }, ""],
      [{ instagramHandle: "ok\u0000" }, "Text may not contain the NUL character (U+0000)."],
    ];
    for (const [body, message] of cases) {
      const response = await applyAs(c, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      if (message) expect((await errorOf(response)).message).toBe(message);
    }
    expect(await applicationsOf(c.id)).toHaveLength(0);
    expect(await readUser(t, c.id)).toMatchObject({ pendingOccupation: null });
  });

  it("refuses an artist, a waiting applicant and a visitor", async () => {
    const artist = await signUp(t, {}, { isArtist: true });
    const asArtist = await applyAs(artist, { instagramHandle: "artist" });
    expect(asArtist.status).toBe(409);
    expect((await errorOf(asArtist)).message).toBe("You are already an artist.");

    const waiting = await applicant();
    const twice = await applyAs(waiting, { instagramHandle: "again" });
    expect(twice.status).toBe(409);
    expect((await errorOf(twice)).message).toBe("Your application is already waiting for review.");
    expect(await applicationsOf(waiting.id)).toHaveLength(1);

    const visitor = await send(undefined, "POST", "/api/me/artist-application", {
      instagramHandle: "x",
    });
    expect(visitor.status).toBe(401);
    expect((await send(undefined, "GET", "/api/me/artist-application")).status).toBe(401);
  });

  it("answers null for a person who never applied", async () => {
    const c = await signUp(t);
    const response = await send(c, "GET", "/api/me/artist-application");
    expect(response.status).toBe(200);
    expect(expectContract(ownApplicationAnswerSchema, await response.json())).toEqual({
      isArtist: false,
      application: null,
    });
  });
});

describe("GET /api/admin/applications", () => {
  it("lists open ones newest first, filters by state and counts every state", async () => {
    const first = await quickApplicant({ firstName: "Queue", lastName: "First" });
    const second = await quickApplicant({ firstName: "Queue", lastName: "Second" });
    await requestInfo(second.id, "More, please.");
    const third = await quickApplicant({ firstName: "Queue", lastName: "Third" });

    const open = await queue();
    const ids = open.applications.map((a) => a.userId);
    expect(ids.indexOf(third.id)).toBeLessThan(ids.indexOf(second.id));
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(open.applications.every((a) => ["waiting", "info_requested"].includes(a.state))).toBe(
      true,
    );
    const item = open.applications.find((a) => a.userId === third.id) as AdminApplication;
    expect(item).toMatchObject({
      firstName: "Queue",
      lastName: "Third",
      displayName: "Queue Third",
      email: third.email,
      instagramHandle: "maker.one",
      websiteURL: null,
      bio: "",
      profilePhoto: null,
      teamMessage: null,
      decidedAt: null,
      decidedByEmail: null,
      earlierApplications: 0,
    });

    const counted = await t.db
      .select({ state: artistApplications.state, n: sql<number>`count(*)::int` })
      .from(artistApplications)
      .groupBy(artistApplications.state);
    for (const { state, n } of counted) expect(open.counts[state]).toBe(n);

    const asked = await queue("?state=info_requested");
    expect(asked.applications.map((a) => a.userId)).toContain(second.id);
    expect(asked.applications.every((a) => a.state === "info_requested")).toBe(true);
    const declined = await queue("?state=declined");
    expect(declined.applications.every((a) => a.state === "declined")).toBe(true);
    expect(declined.applications[0]?.decidedByEmail).toBeTruthy();
  });

  it("pages through the queue without repeats and refuses a bad filter or cursor", async () => {
    for (let i = 0; i < 22; i++) await quickApplicant();
    const first = await queue();
    expect(first.applications).toHaveLength(20);
    expect(first.next).not.toBeNull();
    const second = await queue(`?cursor=${first.next}`);
    const all = [...first.applications, ...second.applications].map((a) => a.id);
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBe(first.counts.waiting + first.counts.info_requested);
    for (const query of ["?state=pending", "?cursor=nonsense"]) {
      const response = await send(admin, "GET", `/api/admin/applications${query}`);
      expect(response.status).toBe(400);
      expect((await errorOf(response)).message).toBe("That filter is not valid.");
    }
  });

  it("is the console's only: 401 signed out, 403 for an applicant", async () => {
    expect((await send(undefined, "GET", "/api/admin/applications")).status).toBe(401);
    const a = await applicant();
    expect((await send(a, "GET", "/api/admin/applications")).status).toBe(403);
    expect((await approve(a.id, a)).status).toBe(403);
    expect((await applicationsOf(a.id))[0]?.state).toBe("waiting");
  });

  it("gives the header's count: applications waiting", async () => {
    const { counts } = await queue();
    expect(await t.services.applications.waitingCount()).toBe(counts.waiting);
  });
});
