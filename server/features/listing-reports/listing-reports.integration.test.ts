import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  listingCaseActionSchema,
  listingCaseMessages as cm,
  listingCaseSchema,
  listingQueueSchema,
} from "../../../contracts/admin-listing-reports.contract";
import {
  MAX_REPORT_EXPLANATION,
  appealAnswerSchema,
  listingReportMessages as lm,
  reportListingAnswerSchema,
  takedownListSchema,
} from "../../../contracts/listing-reports.contract";
import { inputMessages } from "../../../domain/text-input";
import { listingDecisions, listingReports } from "../../db/schema";
import { expectContract } from "../../test/contract";
import { createArtwork } from "../../test/factories";
import { TEST_ORIGIN, type TestApp, createTestApp } from "../../test/test-app";
import { listMail } from "../mail/mail.api";
import { auditRows, errorOf, searchArtworks } from "../moderation/moderation.test-helpers";
import { type Member, send, signUp } from "../profiles/profiles.test-helpers";
import { GUEST_REPORTS_PER_HOUR } from "./listing-reports.service";

/**
 * Reporting a listing, the team's decision with its statements of reasons, and the
 * artist's one appeal (decision 0059), on a real database with the outbox's rows.
 */

let t: TestApp;
let admin: Member;
let artist: Member;
let collector: Member;
let stranger: Member;
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, {}, { role: "admin" });
  artist = await signUp(
    t,
    { firstName: "Ines", lastName: "Artist", occupation: "artist", instagramHandle: "ines" },
    { isArtist: true, pendingOccupation: null, payoutStatus: "active" },
  );
  collector = await signUp(t, { firstName: "Cole", lastName: "Collector" });
  stranger = await signUp(t, { firstName: "Sam", lastName: "Stranger" });
});
afterAll(() => t.close());

/** A listed work of the artist with a title no other test uses. */
async function work(prefix = "Lumen") {
  n += 1;
  return createArtwork(t.db, { artistId: artist.id, title: `${prefix} ${n} Quokka` });
}

const REPORT = { reason: "not_original", explanation: "This is a print of a famous painting." };

function reportAs(member: Member | undefined, artworkId: string, body: unknown = REPORT) {
  return send(t, member, "POST", `/api/artworks/${artworkId}/reports`, body);
}

/** A guest's report from a network address. */
async function reportFrom(ip: string, artworkId: string, body: Record<string, unknown>) {
  return await t.app.request(
    `/api/artworks/${artworkId}/reports`,
    {
      method: "POST",
      headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
      body: JSON.stringify(body),
    },
    { incoming: { socket: { remoteAddress: ip } } },
  );
}

async function reportsOf(artworkId: string) {
  return t.db.select().from(listingReports).where(eq(listingReports.artworkId, artworkId));
}

async function readCase(artworkId: string) {
  const response = await send(t, admin, "GET", `/api/admin/listing-reports/${artworkId}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return expectContract(listingCaseSchema, await response.json());
}

function decide(artworkId: string, body: Record<string, unknown>) {
  return send(t, admin, "POST", `/api/admin/listing-reports/${artworkId}/decide`, body);
}

const TAKE_DOWN = {
  outcome: "taken_down",
  ground: "not_original",
  explanation: "The picture is a known print of a painting in a museum.",
};
const KEEP = {
  outcome: "kept",
  ground: "no_breach",
  explanation: "The artist showed us the work's studio photographs; it is original.",
};

async function openReportIds(artworkId: string) {
  return (await readCase(artworkId)).reports.filter((r) => r.status === "open").map((r) => r.id);
}

async function isListed(title: string) {
  return (await searchArtworks(t, title)).hits.some((h) => h.title === title);
}

describe("reporting a listing", () => {
  it("takes a signed-in person's report, once, with its audit row", async () => {
    const w = await work();
    const response = await reportAs(collector, w.id);
    expect(response.status, await response.clone().text()).toBe(201);
    expect(expectContract(reportListingAnswerSchema, await response.json()).message).toBe(
      lm.reported,
    );
    const [row] = await reportsOf(w.id);
    expect(row).toMatchObject({
      reporterId: collector.id,
      reporterEmail: collector.email.toLowerCase(),
      reason: "not_original",
      status: "open",
      clientIp: null,
    });
    const [audit] = await auditRows(t, row!.id, "listing_report.create");
    expect(audit).toMatchObject({ actorId: collector.id, targetType: "listing_report" });

    expect(await errorOf(await reportAs(collector, w.id), 409)).toBe(lm.alreadyReported);
    expect(await reportsOf(w.id)).toHaveLength(1);
  });

  it("takes a guest's report with their e-mail address, and refuses one without", async () => {
    const w = await work();
    const guest = { ...REPORT, reason: "misleading" };
    expect(await errorOf(await reportFrom("198.51.100.1", w.id, guest), 400)).toBe(
      lm.emailRequired,
    );
    expect(
      await errorOf(await reportFrom("198.51.100.1", w.id, { ...guest, email: "nobody" }), 400),
    ).toBe(lm.invalidEmail);
    const ok = await reportFrom("198.51.100.1", w.id, { ...guest, email: "Gina@Example.org" });
    expect(ok.status, await ok.clone().text()).toBe(201);
    const [row] = await reportsOf(w.id);
    expect(row).toMatchObject({
      reporterId: null,
      reporterEmail: "gina@example.org",
      clientIp: "198.51.100.1",
    });
    const [audit] = await auditRows(t, row!.id, "listing_report.create");
    expect(audit).toMatchObject({ actorId: null, actorEmail: "gina@example.org" });
    // The same address, spelled otherwise, has its report open already.
    const again = await reportFrom("198.51.100.2", w.id, { ...guest, email: "GINA@example.ORG" });
    expect(await errorOf(again, 409)).toBe(lm.alreadyReported);
  });

  it("makes one report of a double submit", async () => {
    const w = await work();
    const answers = await Promise.all([
      reportAs(stranger, w.id),
      reportAs(stranger, w.id),
      reportAs(stranger, w.id),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(await reportsOf(w.id)).toHaveLength(1);
    expect(await auditRows(t, (await reportsOf(w.id))[0]!.id)).toHaveLength(1);
  });

  it("validates the reason and the explanation, and refuses NUL and ill-formed text", async () => {
    const w = await work();
    const cases: [unknown, string][] = [
      [{ ...REPORT, reason: "boring" }, lm.reasonRequired],
      [{ explanation: "x" }, lm.reasonRequired],
      [{ ...REPORT, explanation: "   " }, lm.explanationRequired],
      [{ reason: "other" }, lm.explanationRequired],
      [{ ...REPORT, explanation: "x".repeat(MAX_REPORT_EXPLANATION + 1) }, lm.explanationTooLong],
      [{ ...REPORT, explanation: "a\u0000b" }, inputMessages.nulCharacter],
      [`{"reason":"other","explanation":"a\\ud800b"}`, inputMessages.illFormedText],
    ];
    for (const [body, message] of cases) {
      expect(await errorOf(await reportAs(collector, w.id, body), 400)).toBe(message);
    }
    expect(await reportsOf(w.id)).toHaveLength(0);
    const longest = { ...REPORT, explanation: "y".repeat(MAX_REPORT_EXPLANATION) };
    expect((await reportAs(collector, w.id, longest)).status).toBe(201);
  });

  it("refuses the artist's own listing, and works nobody can see", async () => {
    const w = await work();
    expect(await errorOf(await reportAs(artist, w.id), 403)).toBe(lm.ownListing);
    const draft = await createArtwork(t.db, { artistId: artist.id, status: "draft" });
    expect(await errorOf(await reportAs(collector, draft.id), 404)).toBe(lm.notFound);
    expect(await errorOf(await reportAs(collector, "not-an-id"), 404)).toBe(lm.notFound);
  });

  it("limits one network's guest reports in an hour, not signed-in people's", async () => {
    const works = await Promise.all(
      Array.from({ length: GUEST_REPORTS_PER_HOUR + 1 }, () => work("Limit")),
    );
    const ip = "203.0.113.99";
    // At once, as a script would: the advisory lock lets exactly the limit through.
    const answers = await Promise.all(
      works.map((w, i) => reportFrom(ip, w.id, { ...REPORT, email: `guest${i}@example.org` })),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(GUEST_REPORTS_PER_HOUR);
    const refused = answers.find((r) => r.status === 429);
    expect(refused && (await errorOf(refused, 429))).toBe(lm.tooManyReports);
    // Another network, and a signed-in person on this one, still report.
    const last = works.at(-1)!;
    expect(
      (await reportFrom("203.0.113.100", last.id, { ...REPORT, email: "x@example.org" })).status,
    ).toBe(201);
    expect((await reportAs(stranger, last.id)).status).toBe(201);
  });
});

describe("the console's reported listings", () => {
  it("lists a reported listing once with its open reports, and opens its case", async () => {
    const w = await work("Queue");
    await reportAs(collector, w.id);
    await reportFrom("198.51.100.7", w.id, {
      reason: "prohibited",
      explanation: "Ivory.",
      email: "q@example.org",
    });
    const response = await send(t, admin, "GET", "/api/admin/listing-reports");
    expect(response.status).toBe(200);
    const queue = expectContract(listingQueueSchema, await response.json());
    const entry = queue.listings.find((l) => l.listing.id === w.id);
    expect(entry).toMatchObject({ openReports: 2, listing: { title: w.title, hidden: false } });
    expect(entry?.reasons.sort()).toEqual(["not_original", "prohibited"]);
    const c = await readCase(w.id);
    expect(c.reports.map((r) => r.reporter.email)).toEqual([
      collector.email.toLowerCase(),
      "q@example.org",
    ]);
    expect(c.listing.artist).toMatchObject({ id: artist.id, email: artist.email });
    // A listing nobody reported has no case.
    const quiet = await work();
    expect(
      await errorOf(await send(t, admin, "GET", `/api/admin/listing-reports/${quiet.id}`), 404),
    ).toBe(cm.notFound);
  });

  it("takes a listing down: out of the marketplace and search, statements to all, audited", async () => {
    const w = await work("Takedown");
    expect(await isListed(w.title)).toBe(true);
    await reportAs(collector, w.id);
    await reportFrom("198.51.100.8", w.id, { ...REPORT, email: "td@example.org" });
    const ids = await openReportIds(w.id);

    const response = await decide(w.id, { ...TAKE_DOWN, reportIds: ids });
    expect(response.status, await response.clone().text()).toBe(200);
    const answer = expectContract(listingCaseActionSchema, await response.json());
    expect(answer.message).toBe(cm.takenDown);
    expect(answer.case.listing.hidden).toBe(true);
    expect(answer.case.reports.every((r) => r.status === "taken_down")).toBe(true);
    expect(answer.case.decisions).toHaveLength(1);

    expect(await isListed(w.title)).toBe(false);
    expect((await t.app.request(`/api/artworks/${w.id}`)).status).toBe(404);
    // A guest's network address is not kept past the decision.
    expect((await reportsOf(w.id)).map((r) => r.clientIp)).toEqual([null, null]);

    // A statement of reasons to each reporter and to the artist.
    for (const to of [collector.email.toLowerCase(), "td@example.org"]) {
      const [mail] = (await listMail(t.db, to)).filter(
        (m) => m.kind === "listing_report_statement" && m.subject.includes(w.title),
      );
      expect(mail?.textBody).toContain("is taken down");
      expect(mail?.textBody).toContain("Ground: The marketplace's terms: works are original");
      expect(mail?.textBody).toContain(TAKE_DOWN.explanation);
      expect(mail?.textBody).toContain("Automated means: none");
      expect(mail?.textBody).toContain("How to challenge this decision");
    }
    const artistMail = (await listMail(t.db, artist.email)).filter(
      (m) => m.kind === "listing_decision_statement" && m.subject.includes(w.title),
    );
    expect(artistMail).toHaveLength(1);
    const decisionId = answer.case.decisions[0]!.id;
    expect(artistMail[0]?.textBody).toContain(`/profile/takedowns#decision-${decisionId}`);
    expect(artistMail[0]?.textBody).toContain("Counterfeit or not original");
    expect(artistMail[0]?.textBody).not.toContain("td@example.org");

    const [audit] = await auditRows(t, decisionId, "listing.take_down");
    expect(audit).toMatchObject({ actorId: admin.id });
    expect(await auditRows(t, w.id, "artwork.hide")).toHaveLength(1);

    // Deciding a decided report again is refused and writes nothing.
    expect(await errorOf(await decide(w.id, { ...KEEP, reportIds: ids }), 409)).toBe(
      cm.alreadyDecided,
    );
    expect(
      await t.db.select().from(listingDecisions).where(eq(listingDecisions.artworkId, w.id)),
    ).toHaveLength(1);
  });

  it("keeps a listing: still on the marketplace, statements without an appeal", async () => {
    const w = await work("Keep");
    await reportAs(collector, w.id);
    const response = await decide(w.id, { ...KEEP, reportIds: await openReportIds(w.id) });
    expect(response.status).toBe(200);
    expect(expectContract(listingCaseActionSchema, await response.json()).message).toBe(cm.kept);
    expect(await isListed(w.title)).toBe(true);
    const [reporterMail] = (await listMail(t.db, collector.email.toLowerCase())).filter((m) =>
      m.subject.includes(w.title),
    );
    expect(reporterMail?.textBody).toContain("stays on the marketplace");
    const [artistMail] = (await listMail(t.db, artist.email)).filter((m) =>
      m.subject.includes(w.title),
    );
    expect(artistMail?.textBody).not.toContain("Appeal this decision");
    expect((await readCase(w.id)).decisions[0]).toMatchObject({ outcome: "kept" });
  });

  it("decides only the reports the team read, and checks the ground against the outcome", async () => {
    const w = await work("Later");
    await reportAs(collector, w.id);
    const [first] = await openReportIds(w.id);
    await reportAs(stranger, w.id);
    expect(
      await errorOf(await decide(w.id, { ...KEEP, ground: "illegal", reportIds: [first] }), 400),
    ).toBe(cm.keepNeedsNoBreach);
    expect(
      await errorOf(
        await decide(w.id, { ...TAKE_DOWN, ground: "no_breach", reportIds: [first] }),
        400,
      ),
    ).toBe(cm.takeDownNeedsRule);
    expect((await decide(w.id, { ...KEEP, reportIds: [first] })).status).toBe(200);
    const c = await readCase(w.id);
    expect(c.reports.map((r) => r.status)).toEqual(["kept", "open"]);
    // The one still open comes back in the queue.
    const queue = expectContract(
      listingQueueSchema,
      await (await send(t, admin, "GET", "/api/admin/listing-reports")).json(),
    );
    expect(queue.listings.find((l) => l.listing.id === w.id)?.openReports).toBe(1);
    // Once closed, the reporter may report the listing again.
    expect((await reportAs(collector, w.id)).status).toBe(201);
  });

  it("makes one decision of two admins deciding at once", async () => {
    const other = await signUp(t, {}, { role: "admin" });
    const w = await work("Race");
    await reportAs(collector, w.id);
    const ids = await openReportIds(w.id);
    const [a, b] = await Promise.all([
      decide(w.id, { ...TAKE_DOWN, reportIds: ids }),
      send(t, other, "POST", `/api/admin/listing-reports/${w.id}/decide`, {
        ...KEEP,
        reportIds: ids,
      }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(
      await t.db.select().from(listingDecisions).where(eq(listingDecisions.artworkId, w.id)),
    ).toHaveLength(1);
    const statements = (await listMail(t.db, artist.email)).filter((m) =>
      m.subject.includes(w.title),
    );
    expect(statements).toHaveLength(1);
  });
});

describe("the artist's appeal", () => {
  async function takenDown() {
    const w = await work("Appeal");
    await reportAs(collector, w.id);
    const response = await decide(w.id, { ...TAKE_DOWN, reportIds: await openReportIds(w.id) });
    expect(response.status).toBe(200);
    const decision = expectContract(listingCaseActionSchema, await response.json()).case
      .decisions[0]!;
    return { w, decisionId: decision.id };
  }

  function appeal(member: Member | undefined, decisionId: string, explanation: unknown) {
    return send(t, member, "POST", `/api/me/takedowns/${decisionId}/appeal`, { explanation });
  }

  function answer(decisionId: string, body: Record<string, unknown>, by = admin) {
    return send(t, by, "POST", `/api/admin/listing-decisions/${decisionId}/appeal`, body);
  }

  it("lists the artist's take-downs and lets them appeal once", async () => {
    const { w, decisionId } = await takenDown();
    const list = await send(t, artist, "GET", "/api/me/takedowns");
    expect(list.status).toBe(200);
    const mine = expectContract(takedownListSchema, await list.json()).takedowns.find(
      (d) => d.id === decisionId,
    );
    expect(mine).toMatchObject({ appealable: true, appeal: null, artwork: { id: w.id } });
    expect(mine?.ground).toContain("works are original");
    expect((await send(t, collector, "GET", "/api/me/takedowns")).status).toBe(200);
    expect((await send(t, undefined, "GET", "/api/me/takedowns")).status).toBe(401);

    // Someone else's decision is unknown to them; text rules as everywhere.
    expect(await errorOf(await appeal(collector, decisionId, "Mine!"), 404)).toBe(
      lm.decisionNotFound,
    );
    expect(await errorOf(await appeal(artist, decisionId, "  "), 400)).toBe(lm.appealRequired);
    expect(await errorOf(await appeal(artist, decisionId, "a\u0000"), 400)).toBe(
      inputMessages.nulCharacter,
    );

    const [first, second] = await Promise.all([
      appeal(artist, decisionId, "It is my own painting; here is the story of it."),
      appeal(artist, decisionId, "It is my own painting; here is the story of it."),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const ok = first.status === 200 ? first : second;
    const answered = expectContract(appealAnswerSchema, await ok.json());
    expect(answered.message).toBe(lm.appealed);
    expect(answered.takedown).toMatchObject({ appealable: false });
    expect(answered.takedown.appeal?.outcome).toBeNull();
    expect(await auditRows(t, decisionId, "listing_decision.appeal")).toHaveLength(1);
    const toTeam = (await listMail(t.db, t.config.teamEmail)).filter(
      (m) => m.kind === "listing_appeal_to_team" && m.subject.includes(w.title),
    );
    expect(toTeam).toHaveLength(1);
    expect(toTeam[0]?.textBody).toContain(`/admin/listing-reports/${w.id}`);
    expect(await errorOf(await appeal(artist, decisionId, "Again"), 409)).toBe(lm.alreadyAppealed);

    // The appeal waits in the console's queue.
    const queue = expectContract(
      listingQueueSchema,
      await (await send(t, admin, "GET", "/api/admin/listing-reports")).json(),
    );
    expect(queue.appeals.map((a) => a.decisionId)).toContain(decisionId);
  });

  it("refuses to appeal a decision to keep, and to answer an appeal never made", async () => {
    const w = await work("Kept");
    await reportAs(collector, w.id);
    const response = await decide(w.id, { ...KEEP, reportIds: await openReportIds(w.id) });
    const kept = expectContract(listingCaseActionSchema, await response.json()).case.decisions[0]!;
    expect(await errorOf(await appeal(artist, kept.id, "Why?"), 409)).toBe(lm.notAppealable);
    const { decisionId } = await takenDown();
    expect(
      await errorOf(await answer(decisionId, { outcome: "upheld", explanation: "No." }), 409),
    ).toBe(cm.notAppealed);
  });

  it("reverses a take-down: the listing is back, the artist told, all audited", async () => {
    const { w, decisionId } = await takenDown();
    expect(await isListed(w.title)).toBe(false);
    expect((await appeal(artist, decisionId, "The studio photos show it is mine.")).status).toBe(
      200,
    );
    const other = await signUp(t, {}, { role: "admin" });
    const body = { outcome: "reversed", explanation: "The photographs show the work is hers." };
    const [a, b] = await Promise.all([
      answer(decisionId, body),
      answer(decisionId, { outcome: "upheld", explanation: "Stands." }, other),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(await errorOf(loser, 409)).toBe(cm.appealAlreadyDecided);
    const outcome = (await readCase(w.id)).decisions[0]!.appeal?.outcome;
    const mails = (await listMail(t.db, artist.email)).filter(
      (m) => m.kind === "listing_appeal_outcome" && m.subject.includes(w.title),
    );
    expect(mails).toHaveLength(1);
    const action = outcome === "reversed" ? "listing.appeal_reverse" : "listing.appeal_uphold";
    expect(await auditRows(t, decisionId, action)).toHaveLength(1);
    if (outcome === "reversed") {
      expect(await isListed(w.title)).toBe(true);
      expect((await t.app.request(`/api/artworks/${w.id}`)).status).toBe(200);
      expect(mails[0]?.textBody).toContain("back on the marketplace");
      expect(await auditRows(t, w.id, "artwork.unhide")).toHaveLength(1);
    } else {
      expect(await isListed(w.title)).toBe(false);
    }
  });

  it("reverses from a single answer and upholds another", async () => {
    const reversed = await takenDown();
    await appeal(artist, reversed.decisionId, "Mine.");
    const r = await answer(reversed.decisionId, { outcome: "reversed", explanation: "Right." });
    expect(expectContract(listingCaseActionSchema, await r.json()).message).toBe(cm.reversed);
    expect(await isListed(reversed.w.title)).toBe(true);
    expect(await auditRows(t, reversed.w.id, "artwork.unhide")).toHaveLength(1);

    const upheld = await takenDown();
    await appeal(artist, upheld.decisionId, "Mine too.");
    const u = await answer(upheld.decisionId, { outcome: "upheld", explanation: "It is a print." });
    expect(expectContract(listingCaseActionSchema, await u.json()).message).toBe(cm.upheld);
    expect(await isListed(upheld.w.title)).toBe(false);
    const [mail] = (await listMail(t.db, artist.email)).filter(
      (m) => m.kind === "listing_appeal_outcome" && m.subject.includes(upheld.w.title),
    );
    expect(mail?.textBody).toContain("stands");
    expect(mail?.textBody).toContain("out-of-court dispute settlement");
  });
});
