import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { follows, mailPreferences, outbox } from "../../db/schema";
import { createLogger } from "../../logger";
import { createArtist, createArtwork, createCategory, createCity } from "../../test/factories";
import { type TestApp, createTestApp, testClock } from "../../test/test-app";
import { type Member, send, signUp } from "../profiles/profiles.test-helpers";
import { alertAt, digestsTo, minutesAfter, windowFrom } from "./digest.test-helpers";
import { createDigest } from "./digest.timers";

let t: TestApp;
const clock = testClock(new Date());
let lisbon: { id: string };
let porto: { id: string };
let faro: { id: string };
let painting: { id: string };
let sculpture: { id: string };

beforeAll(async () => {
  t = await createTestApp({}, { now: clock.now });
  [lisbon, porto, faro] = [
    await createCity(t.db, "Lisbon"),
    await createCity(t.db, "Porto"),
    await createCity(t.db, "Faro"),
  ];
  painting = await createCategory(t.db, "painting");
  sculpture = await createCategory(t.db, "sculpture");
});
afterAll(() => t.close());

const run = () => t.services.alerts.digest.run();

/** A second digest on the same database, as another server process would run it. */
function otherProcess(overrides: Partial<Parameters<typeof createDigest>[0]> = {}) {
  return createDigest({
    db: t.db,
    logger: createLogger({ json: false, silent: true }),
    now: clock.now,
    publicUrl: t.config.publicUrl,
    secret: t.config.sessionSecret,
    kickOutbox: () => {},
    ...overrides,
  });
}

async function prefsOf(userId: string) {
  const [row] = await t.db.select().from(mailPreferences).where(eq(mailPreferences.userId, userId));
  if (!row) throw new Error("no preferences");
  return row;
}

describe("the digest", () => {
  it("mails exactly the new matching works of the window, each once, grouped, and moves the window", async () => {
    const start = clock.now();
    const collector = await signUp(
      t,
      { firstName: "Cora", lastName: "Collector" },
      { isArtist: true, payoutStatus: "active", payoutAccountId: "acct_cora", cityId: lisbon.id },
    );
    const ines = await createArtist(t.db, { displayName: "Ines Moreau", cityId: lisbon.id });
    const fabio = await createArtist(t.db, { displayName: "Fabio Porto", cityId: porto.id });
    const faroArtist = await createArtist(t.db, { displayName: "Faro Artist", cityId: faro.id });
    const buyer = await createArtist(t.db);
    await alertAt(t, clock, collector, {
      name: "Lisbon harbour paintings",
      q: "harbour",
      cities: [lisbon.id],
      categories: [painting.id],
      priceRanges: [1],
    });
    clock.advanceMs(1000);
    await alertAt(t, clock, collector, {
      name: "Any harbour in Porto",
      q: "harbour",
      cities: [porto.id],
    });
    const disabled = await alertAt(t, clock, collector, { name: "Boats", q: "boat" });
    await send(t, collector, "PATCH", `/api/me/alerts/${disabled}`, { enabled: false });
    await send(t, collector, "PUT", `/api/me/following/${fabio.id}`);
    // The follow, too, is on the clock's timeline.
    await t.db
      .update(follows)
      .set({ createdAt: clock.now() })
      .where(eq(follows.followerId, collector.id));
    await windowFrom(t, collector.id, clock.now());

    const at = minutesAfter(clock.now(), 10);
    const work = (
      title: string,
      artistId: string,
      extra: Parameters<typeof createArtwork>[1] | object = {},
    ) =>
      createArtwork(t.db, {
        title,
        artistId,
        createdAt: at,
        categoryIds: [painting.id],
        priceCents: 25_000,
        ...extra,
      });
    await work("Harbour at dawn", ines.id);
    await work("Harbour before the window", ines.id, { createdAt: minutesAfter(start, -60) });
    await work("Harbour after the window", ines.id, { createdAt: minutesAfter(at, 120) });
    await work("Mountain pass", ines.id);
    await work("Harbour in Faro", faroArtist.id);
    await work("Harbour sculpture", ines.id, { categoryIds: [sculpture.id] });
    await work("Harbour too dear", ines.id, { priceCents: 600_000 });
    await work("Boat on the Tagus", ines.id);
    await work("Harbour sold", ines.id, {
      isForSale: false,
      status: "not for sale",
      ownerId: buyer.id,
    });
    await work("Harbour hidden", ines.id, { hiddenAt: at });
    await work("Harbour draft", ines.id, { status: "draft" });
    await work("Harbour of my own", collector.id);
    await work("Harbour in Porto", fabio.id, { categoryIds: [] });
    await work("Still life", fabio.id, {
      categoryIds: [],
      isForSale: false,
      status: "not for sale",
      priceCents: null,
    });

    clock.advanceMs(60 * 60_000); // an hour later: the window ends at now − 60 s
    const report = await run();
    expect(report.mailed).toBeGreaterThanOrEqual(1);
    const [mail, ...others] = await digestsTo(t, collector.email);
    expect(others).toEqual([]);
    const text = mail?.textBody ?? "";
    const listed = [...text.matchAll(/^- (.+?) by /gm)].map((m) => m[1]);
    expect(listed).toEqual(["Harbour at dawn", "Harbour in Porto", "Still life"]);
    expect(text.indexOf("Alert: Lisbon harbour paintings")).toBeLessThan(
      text.indexOf("Alert: Any harbour in Porto"),
    );
    expect(text.indexOf("Alert: Any harbour in Porto")).toBeLessThan(
      text.indexOf("From artists you follow"),
    );
    expect(text).toContain("- Harbour at dawn by Ines Moreau, $250");
    expect(text).toContain("- Still life by Fabio Porto, Make an Offer");
    expect(text).toMatch(/http:\/\/localhost:3000\/artwork\/[0-9a-f-]{36}/);
    expect(text).toContain("http://localhost:3000/profile/settings");
    expect(text).toMatch(/Turn off this alert: http:\/\/localhost:3000\/unsubscribe\?token=/);
    expect(text).toMatch(
      /Stop e-mails about artists you follow: http:\/\/localhost:3000\/unsubscribe\?token=/,
    );
    expect(text).toMatch(/Stop all these e-mails: http:\/\/localhost:3000\/unsubscribe\?token=/);
    expect(mail?.subject).toBe("3 new works for your alerts");
    // The row keeps the HTML part in its own column; its headers are headers alone.
    const headers = mail?.headers;
    const html = mail?.htmlBody;
    expect(Object.keys(headers ?? {}).sort()).toEqual([
      "List-Unsubscribe",
      "List-Unsubscribe-Post",
    ]);
    expect(headers?.["List-Unsubscribe"]).toMatch(
      /^<http:\/\/localhost:3000\/api\/unsubscribe\?token=[\w-]+\.[\w-]+>$/,
    );
    expect(headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(html).toContain("Harbour at dawn by Ines Moreau, $250");
    // Without SMTP the outbox writes .eml files: the headers are in them too.
    await t.services.outbox.flush();
    const files = await readdir(t.config.mail.outboxDir);
    const emls = await Promise.all(
      files.map((file) => readFile(path.join(t.config.mail.outboxDir, file), "utf8")),
    );
    // Long headers are folded onto a second line (RFC 5322); unfolded as a mail client does.
    const eml = (emls.find((raw) => raw.includes(`To: ${collector.email}`)) ?? "").replace(
      /\r?\n[ \t]+/g,
      " ",
    );
    expect(eml).toMatch(/^List-Unsubscribe: <http:\/\/localhost:3000\/api\/unsubscribe\?token=/m);
    expect(eml).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(eml).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(eml).not.toMatch(/^html body:/im);

    const prefs = await prefsOf(collector.id);
    expect(prefs.lastSentAt?.toISOString()).toBe(clock.now().toISOString());
    expect(prefs.checkedThrough.toISOString()).toBe(minutesAfter(clock.now(), -1).toISOString());

    // Nothing new since: the same run again mails nothing.
    await run();
    expect(await digestsTo(t, collector.email)).toHaveLength(1);

    // A day later, the work listed after the first window, and only it.
    clock.advanceDays(1);
    await run();
    const mails = await digestsTo(t, collector.email);
    expect(mails).toHaveLength(2);
    expect([...(mails[1]?.textBody ?? "").matchAll(/^- (.+?) by /gm)].map((m) => m[1])).toEqual([
      "Harbour after the window",
    ]);
  });

  it("leaves out followed artists' works when follow e-mails are off, and sends nothing when nothing matches", async () => {
    const person = await signUp(t);
    const artist = await createArtist(t.db, { displayName: "Quiet Artist" });
    await send(t, person, "PUT", `/api/me/following/${artist.id}`);
    await send(t, person, "PUT", "/api/me/mail-preferences", {
      digestFrequency: "daily",
      followEmails: false,
    });
    await t.db
      .update(follows)
      .set({ createdAt: clock.now() })
      .where(eq(follows.followerId, person.id));
    await windowFrom(t, person.id, clock.now());
    await createArtwork(t.db, {
      title: "Quiet work",
      artistId: artist.id,
      createdAt: minutesAfter(clock.now(), 5),
    });
    clock.advanceMs(30 * 60_000);
    await run();
    expect(await digestsTo(t, person.email)).toEqual([]);
    const prefs = await prefsOf(person.id);
    expect(prefs.lastSentAt).toBeNull();
    expect(prefs.checkedThrough.toISOString()).toBe(minutesAfter(clock.now(), -1).toISOString());

    // Turned back on: works listed from now on are mailed (the window has moved past the old one).
    await send(t, person, "PUT", "/api/me/mail-preferences", {
      digestFrequency: "daily",
      followEmails: true,
    });
    await createArtwork(t.db, {
      title: "Loud work",
      artistId: artist.id,
      createdAt: minutesAfter(clock.now(), 5),
    });
    clock.advanceMs(30 * 60_000);
    await run();
    const [mail] = await digestsTo(t, person.email);
    expect(mail?.textBody).toContain("Loud work");
    expect(mail?.textBody).not.toContain("Quiet work");
  });

  it("mails at most once a day, and a weekly person at most once a week; off mails nothing", async () => {
    const artist = await createArtist(t.db);
    const daily = await signUp(t);
    const weekly = await signUp(t);
    const off = await signUp(t);
    for (const person of [daily, weekly, off]) {
      await alertAt(t, clock, person, { name: "Quinces", q: "quince" });
    }
    await send(t, weekly, "PUT", "/api/me/mail-preferences", {
      digestFrequency: "weekly",
      followEmails: true,
    });
    await send(t, off, "PUT", "/api/me/mail-preferences", {
      digestFrequency: "off",
      followEmails: true,
    });
    const list = (title: string) =>
      createArtwork(t.db, { title, artistId: artist.id, createdAt: minutesAfter(clock.now(), 5) });
    const titles = async (person: Member) =>
      (await digestsTo(t, person.email)).map((m) =>
        [...m.textBody.matchAll(/^- (.+?) by /gm)].map((x) => x[1]),
      );

    await list("Quince one");
    clock.advanceMs(60 * 60_000);
    await run();
    expect(await titles(daily)).toEqual([["Quince one"]]);
    expect(await titles(weekly)).toEqual([["Quince one"]]);

    await list("Quince two");
    clock.advanceMs(2 * 60 * 60_000); // two hours: not a day since the last e-mail
    await run();
    expect(await titles(daily)).toHaveLength(1);
    clock.advanceDays(1);
    await run();
    expect(await titles(daily)).toEqual([["Quince one"], ["Quince two"]]);
    expect(await titles(weekly)).toHaveLength(1);

    await list("Quince three");
    clock.advanceDays(5); // six days and some hours since the weekly e-mail
    await run();
    expect(await titles(weekly)).toHaveLength(1);
    clock.advanceDays(1);
    await run();
    expect(await titles(weekly)).toEqual([["Quince one"], ["Quince three", "Quince two"]]);
    expect(await digestsTo(t, off.email)).toEqual([]);

    // Turned back on: from now on, not the works listed while it was off.
    await send(t, off, "PUT", "/api/me/mail-preferences", {
      digestFrequency: "daily",
      followEmails: true,
    });
    await list("Quince four");
    clock.advanceMs(60 * 60_000);
    await run();
    expect(await titles(off)).toEqual([["Quince four"]]);
  });

  it("a failure after the matching and before the commit queues nothing; the next run sends once", async () => {
    const person = await signUp(t);
    const artist = await createArtist(t.db);
    await alertAt(t, clock, person, { name: "Lanterns", q: "lantern" });
    const before = await prefsOf(person.id);
    await createArtwork(t.db, {
      title: "Lantern",
      artistId: artist.id,
      createdAt: minutesAfter(clock.now(), 5),
    });
    clock.advanceMs(60 * 60_000);
    const crashing = otherProcess({
      beforeCommit: () => {
        throw new Error("the process died here");
      },
    });
    await expect(crashing.run()).rejects.toThrow("the process died here");
    expect(await digestsTo(t, person.email)).toEqual([]);
    expect(await prefsOf(person.id)).toEqual(before);
    await run();
    await run();
    expect(await digestsTo(t, person.email)).toHaveLength(1);
  });

  it("sends each person's digest once when two processes run at once", async () => {
    const artist = await createArtist(t.db);
    const people: Member[] = [];
    for (let i = 0; i < 12; i += 1) {
      const person = await signUp(t);
      await alertAt(t, clock, person, { name: "Kites", q: "kite" });
      people.push(person);
    }
    await createArtwork(t.db, {
      title: "Kite",
      artistId: artist.id,
      createdAt: minutesAfter(clock.now(), 5),
    });
    clock.advanceMs(60 * 60_000);
    const a = otherProcess({ batchSize: 3 });
    const b = otherProcess({ batchSize: 3 });
    const reports = await Promise.all([a.run(), b.run(), a.run(), b.run()]);
    for (const person of people) expect(await digestsTo(t, person.email)).toHaveLength(1);
    const mailed = reports.reduce((n, r) => n + r.mailed, 0);
    expect(mailed).toBeGreaterThanOrEqual(people.length);
    const kiteMails = (await t.db.select().from(outbox)).filter((row) =>
      row.textBody.includes("- Kite by"),
    );
    expect(kiteMails).toHaveLength(people.length);
  });

  it("lists at most 20 works and links the rest to the alert's search", async () => {
    const person = await signUp(t);
    const artist = await createArtist(t.db, { cityId: porto.id });
    await alertAt(t, clock, person, {
      name: "Meadows",
      q: "meadow",
      cities: [porto.id],
      priceRanges: [1],
    });
    for (let i = 0; i < 23; i += 1) {
      await createArtwork(t.db, {
        title: `Meadow ${i}`,
        artistId: artist.id,
        createdAt: minutesAfter(clock.now(), 1 + i),
      });
    }
    clock.advanceMs(60 * 60_000);
    await run();
    const [mail] = await digestsTo(t, person.email);
    const text = mail?.textBody ?? "";
    expect([...text.matchAll(/^- /gm)]).toHaveLength(20);
    expect(text).toContain(
      `and 3 more: http://localhost:3000/?q=meadow&cities=${porto.id}&priceRanges=1`,
    );
    expect(mail?.subject).toBe("23 new works for your alerts");
  });

  it("leaves works listed within the settle margin to the next look, however long the margin is set", async () => {
    const person = await signUp(t);
    const artist = await createArtist(t.db, { cityId: faro.id });
    await alertAt(t, clock, person, { name: "Dunes", q: "dune" });
    clock.advanceMs(10 * 60_000);
    await createArtwork(t.db, {
      title: "Dune at noon",
      artistId: artist.id,
      createdAt: new Date(clock.now().getTime() - 30_000),
    });
    // The default minute leaves a work listed 30 s ago out of this look…
    await run();
    expect(await digestsTo(t, person.email)).toEqual([]);
    // …and a 10 s margin (DIGEST_SETTLE_SECONDS=10) takes it in.
    await otherProcess({ settleMarginMs: 10_000 }).run();
    const [mail, ...others] = await digestsTo(t, person.email);
    expect(others).toEqual([]);
    expect(mail?.textBody).toContain("- Dune at noon by ");
  });
});
