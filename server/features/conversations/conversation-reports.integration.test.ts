import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  reportActionSchema,
  reportMessages,
  reportQueueSchema,
  reportedConversationSchema,
} from "../../../contracts/admin-reports.contract";
import { auditEvents, conversationReports, outbox, sessions, users } from "../../db/schema";
import { expectContract } from "../../test/contract";
import { createArtwork } from "../../test/factories";
import { type TestApp, createTestApp } from "../../test/test-app";
import { type Member, send, signUp } from "../profiles/profiles.test-helpers";

let t: TestApp;
let admin: Member;
let otherAdmin: Member;
let collector: Member;

const ARTIST_COLUMNS = { isArtist: true, payoutStatus: "active" as const };

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, { firstName: "Ada", lastName: "Admin" }, { role: "admin" });
  otherAdmin = await signUp(t, { firstName: "Otto", lastName: "Admin" }, { role: "admin" });
  collector = await signUp(t, { firstName: "Cole", lastName: "Collector" });
});
afterAll(() => t.close());

/** A conversation between a new buyer and a new artist about a new work. */
async function conversation(title = "Quiet Bay") {
  const buyer = await signUp(t, { firstName: "Bea", lastName: "Buyer" });
  const artist = await signUp(t, { firstName: "Ines", lastName: "Artist" }, ARTIST_COLUMNS);
  const work = await createArtwork(t.db, { artistId: artist.id, title });
  const started = await send(t, buyer, "POST", "/api/me/conversations", {
    artworkId: work.id,
    body: "Is it still for sale?",
    imageIds: [],
  });
  expect(started.status, await started.clone().text()).toBe(201);
  const { conversationId } = (await started.json()) as { conversationId: string };
  const answer = await send(t, artist, "POST", `/api/me/conversations/${conversationId}/messages`, {
    body: "Rude answer here.",
  });
  expect(answer.status).toBe(201);
  return { buyer, artist, work, id: conversationId };
}

async function report(by: Member, conversationId: string, reason = "The artist was rude to me.") {
  const response = await send(t, by, "POST", `/api/me/conversations/${conversationId}/report`, {
    reason,
  });
  expect(response.status, await response.clone().text()).toBe(201);
  const [row] = await t.db
    .select()
    .from(conversationReports)
    .where(
      and(
        eq(conversationReports.conversationId, conversationId),
        eq(conversationReports.reporterId, by.id),
      ),
    );
  return row!.id;
}

async function auditOf(reportId: string) {
  return t.db.select().from(auditEvents).where(eq(auditEvents.targetId, reportId));
}

async function errorOf(response: Response) {
  return ((await response.json()) as { error: { message: string } }).error.message;
}

describe("the report queue", () => {
  it("lists open reports with the reporter, the reason, the two people and the work", async () => {
    const c = await conversation("Harbour at Dawn");
    const reportId = await report(c.buyer, c.id);
    const response = await send(t, admin, "GET", "/api/admin/reports");
    expect(response.status).toBe(200);
    const queue = expectContract(reportQueueSchema, await response.json());
    const listed = queue.reports.find((r) => r.id === reportId);
    expect(listed).toMatchObject({
      conversationId: c.id,
      reason: "The artist was rude to me.",
      status: "open",
      reporter: { id: c.buyer.id, displayName: "Bea Buyer" },
      reported: { id: c.artist.id, displayName: "Ines Artist", suspended: false },
      artwork: { id: c.work.id, title: "Harbour at Dawn" },
    });
  });

  it("opens a reported conversation read-only, and answers 404 for any other", async () => {
    const reported = await conversation();
    await report(reported.buyer, reported.id);
    const response = await send(t, admin, "GET", `/api/admin/conversations/${reported.id}`);
    expect(response.status).toBe(200);
    const thread = expectContract(reportedConversationSchema, await response.json());
    expect(thread.messages.map((m) => [m.senderId, m.body])).toEqual([
      [reported.buyer.id, "Is it still for sale?"],
      [reported.artist.id, "Rude answer here."],
    ]);
    expect(thread.reports).toHaveLength(1);
    // Who of the team read it, and when, is in the audit log.
    const reads = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.targetId, reported.id), eq(auditEvents.action, "conversation.read")),
      );
    expect(reads.map((r) => [r.actorId, r.targetType])).toEqual([[admin.id, "conversation"]]);

    // Reading it as the team marks nothing read for either person.
    const unread = await send(t, reported.artist, "GET", "/api/me/conversations/unread");
    expect(await unread.json()).toEqual({ unread: 1 });
    const buyerUnread = await send(t, reported.buyer, "GET", "/api/me/conversations/unread");
    expect(await buyerUnread.json()).toEqual({ unread: 1 });

    const unreported = await conversation();
    for (const id of [unreported.id, "00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      const refused = await send(t, admin, "GET", `/api/admin/conversations/${id}`);
      expect(refused.status, id).toBe(404);
      expect(await errorOf(refused)).toBe(reportMessages.conversationNotFound);
    }
  });
});

describe("answering a report", () => {
  it("dismisses it once, with an audit row; a second answer is 409 and writes nothing", async () => {
    const c = await conversation();
    const reportId = await report(c.buyer, c.id);
    const response = await send(t, admin, "POST", `/api/admin/reports/${reportId}/dismiss`);
    expect(response.status).toBe(200);
    const answer = expectContract(reportActionSchema, await response.json());
    expect(answer.report).toMatchObject({ status: "dismissed", decidedByEmail: admin.email });
    expect(answer.message).toBe(reportMessages.dismissed);
    expect(await auditOf(reportId)).toMatchObject([
      {
        action: "conversation_report.dismiss",
        actorId: admin.id,
        targetType: "conversation_report",
      },
    ]);

    for (const action of ["dismiss", "warn"]) {
      const again = await send(t, otherAdmin, "POST", `/api/admin/reports/${reportId}/${action}`);
      expect(again.status).toBe(409);
      expect(await errorOf(again)).toBe(reportMessages.alreadyDecided);
    }
    const again = await send(t, otherAdmin, "POST", `/api/admin/reports/${reportId}/suspend`, {
      reason: "Abuse",
    });
    expect(again.status).toBe(409);
    expect(await auditOf(reportId)).toHaveLength(1);
    const [row] = await t.db
      .select()
      .from(conversationReports)
      .where(eq(conversationReports.id, reportId));
    expect(row).toMatchObject({ status: "dismissed", decidedBy: admin.id });
    const [person] = await t.db.select().from(users).where(eq(users.id, c.artist.id));
    expect(person!.suspendedAt).toBeNull();

    // Decided reports leave the queue.
    const queue = expectContract(
      reportQueueSchema,
      await (await send(t, admin, "GET", "/api/admin/reports")).json(),
    );
    expect(queue.reports.map((r) => r.id)).not.toContain(reportId);
  });

  it("warns the reported person (not the reporter) by e-mail, once", async () => {
    const c = await conversation("Old Mill");
    const reportId = await report(c.artist, c.id, "The buyer keeps insulting me.");
    const response = await send(t, admin, "POST", `/api/admin/reports/${reportId}/warn`);
    expect(response.status).toBe(200);
    expect(expectContract(reportActionSchema, await response.json()).report).toMatchObject({
      status: "warned",
      reported: { id: c.buyer.id },
    });
    const mails = await t.db.select().from(outbox).where(eq(outbox.kind, "conversation_warning"));
    const toBuyer = mails.filter((m) => m.recipient === c.buyer.email);
    expect(toBuyer).toHaveLength(1);
    expect(mails.filter((m) => m.recipient === c.artist.email)).toHaveLength(0);
    expect(toBuyer[0]!.textBody).toContain('A conversation of yours about "Old Mill" was reported');
    // The warning names neither the reporter nor the report's words.
    expect(toBuyer[0]!.textBody).not.toContain("insulting");
    expect(toBuyer[0]!.textBody).not.toContain(c.artist.email);
    expect(await auditOf(reportId)).toMatchObject([{ action: "conversation_report.warn" }]);

    const again = await send(t, admin, "POST", `/api/admin/reports/${reportId}/warn`);
    expect(again.status).toBe(409);
    const after = await t.db.select().from(outbox).where(eq(outbox.kind, "conversation_warning"));
    expect(after).toHaveLength(mails.length);
  });

  it("suspends the reported person through moderation: sessions end, the conversation closes", async () => {
    const c = await conversation();
    const reportId = await report(c.buyer, c.id);
    const response = await send(t, admin, "POST", `/api/admin/reports/${reportId}/suspend`, {
      reason: "Abusive messages to a buyer",
    });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(expectContract(reportActionSchema, await response.json()).report).toMatchObject({
      status: "suspended",
      reported: { id: c.artist.id, suspended: true },
    });
    const [person] = await t.db.select().from(users).where(eq(users.id, c.artist.id));
    expect(person).toMatchObject({ suspensionReason: "Abusive messages to a buyer" });
    expect(person!.suspendedAt).not.toBeNull();
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, c.artist.id))).toEqual([]);
    const userAudit = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, c.artist.id), eq(auditEvents.action, "user.suspend")));
    expect(userAudit).toHaveLength(1);
    expect(await auditOf(reportId)).toMatchObject([{ action: "conversation_report.suspend" }]);

    const thread = await send(t, c.buyer, "GET", `/api/me/conversations/${c.id}`);
    expect(
      ((await thread.json()) as { conversation: { closed: boolean } }).conversation.closed,
    ).toBe(true);
    const again = await send(t, admin, "POST", `/api/admin/reports/${reportId}/suspend`, {
      reason: "Again",
    });
    expect(again.status).toBe(409);
    expect(await auditOf(reportId)).toHaveLength(1);
  });

  it("gives two admins answering at once one outcome and one audit row", async () => {
    const c = await conversation();
    const reportId = await report(c.buyer, c.id);
    const answers = await Promise.all([
      send(t, admin, "POST", `/api/admin/reports/${reportId}/warn`),
      send(t, otherAdmin, "POST", `/api/admin/reports/${reportId}/dismiss`),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const audit = await auditOf(reportId);
    expect(audit).toHaveLength(1);
    const warnings = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, "conversation_warning"), eq(outbox.recipient, c.artist.email)));
    expect(warnings).toHaveLength(audit[0]!.action === "conversation_report.warn" ? 1 : 0);
  });

  it("changes nothing when the suspension is refused (an admin reported by themselves)", async () => {
    const artistAdmin = await signUp(
      t,
      { firstName: "Ari", lastName: "Admin" },
      { ...ARTIST_COLUMNS, role: "admin" },
    );
    const work = await createArtwork(t.db, { artistId: artistAdmin.id });
    const started = await send(t, collector, "POST", "/api/me/conversations", {
      artworkId: work.id,
      body: "Hello",
      imageIds: [],
    });
    const { conversationId } = (await started.json()) as { conversationId: string };
    const reportId = await report(collector, conversationId);
    const refused = await send(t, artistAdmin, "POST", `/api/admin/reports/${reportId}/suspend`, {
      reason: "Myself",
    });
    expect(refused.status).toBe(409);
    const [row] = await t.db
      .select()
      .from(conversationReports)
      .where(eq(conversationReports.id, reportId));
    expect(row).toMatchObject({ status: "open", decidedBy: null });
    expect(await auditOf(reportId)).toHaveLength(0);
  });

  it("answers 404 for an unknown report and refuses everyone but an admin", async () => {
    const unknown = await send(
      t,
      admin,
      "POST",
      "/api/admin/reports/00000000-0000-4000-8000-000000000000/dismiss",
    );
    expect(unknown.status).toBe(404);
    expect(await errorOf(unknown)).toBe(reportMessages.notFound);
    const c = await conversation();
    const reportId = await report(c.buyer, c.id);
    for (const who of [collector, c.buyer, c.artist]) {
      for (const [method, path] of [
        ["GET", "/api/admin/reports"],
        ["GET", `/api/admin/conversations/${c.id}`],
        ["POST", `/api/admin/reports/${reportId}/dismiss`],
      ] as const) {
        expect((await send(t, who, method, path)).status, `${method} ${path}`).toBe(403);
      }
    }
    expect((await send(t, undefined, "GET", `/api/admin/conversations/${c.id}`)).status).toBe(401);
  });
});
