import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alertMessages, unsubscribeAnswerSchema } from "../../../contracts/alerts.contract";
import { alerts, mailPreferences } from "../../db/schema";
import { expectContract } from "../../test/contract";
import { createArtist, createArtwork } from "../../test/factories";
import { type TestApp, createTestApp, testClock } from "../../test/test-app";
import { startSmtpServer } from "../mail/mail.test-helpers";
import { type Member, send, signUp } from "../profiles/profiles.test-helpers";
import { alertAt, digestsTo, linkToken, minutesAfter } from "./digest.test-helpers";
import { unsubscribeToken } from "./unsubscribe-token";

/**
 * One-click unsubscribe (RFC 8058) from a real digest, through a real SMTP server: the
 * headers arrive, each scope works without a session, and no altered token does anything.
 */

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
const clock = testClock(new Date());

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url }, { now: clock.now });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** What a mail client sends: form-encoded, no cookie, no Origin. */
function oneClick(token: string, headers: Record<string, string> = {}) {
  return t.app.request(`/api/unsubscribe?token=${encodeURIComponent(token)}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: "List-Unsubscribe=One-Click",
  });
}

async function prefsOf(userId: string) {
  const [row] = await t.db.select().from(mailPreferences).where(eq(mailPreferences.userId, userId));
  return row;
}

async function alertRow(id: string) {
  const [row] = await t.db.select().from(alerts).where(eq(alerts.id, id));
  return row;
}

let person: Member;
let alertId: string;
let text = "";

describe("a digest through SMTP", () => {
  it("arrives with the List-Unsubscribe and List-Unsubscribe-Post headers", async () => {
    person = await signUp(t, { firstName: "Una" });
    const artist = await createArtist(t.db, { displayName: "Sol Painter" });
    alertId = await alertAt(t, clock, person, { name: "Suns", q: "sun" });
    await send(t, person, "PUT", `/api/me/following/${artist.id}`);
    await createArtwork(t.db, {
      title: "Sun over water",
      artistId: artist.id,
      createdAt: minutesAfter(clock.now(), 5),
    });
    clock.advanceMs(60 * 60_000);
    await t.services.alerts.digest.run();
    await t.services.outbox.flush();
    const received = smtp.received.find((m) => m.to.includes(person.email));
    const raw = (received?.raw ?? "").replace(/\r?\n[ \t]+/g, " ");
    expect(raw).toMatch(
      /^List-Unsubscribe: <http:\/\/localhost:3000\/api\/unsubscribe\?token=[\w-]+\.[\w-]+>$/m,
    );
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const [row] = await digestsTo(t, person.email);
    text = row?.textBody ?? "";
    expect(text).toContain("Sun over water");
  });
});

describe("one-click unsubscribe", () => {
  it("turns off one alert, from the link in the e-mail, without a session; again is the same", async () => {
    const token = linkToken(text, "Turn off this alert");
    expect(await t.services.alerts.describeUnsubscribe(token)).toEqual({
      scope: "alert",
      alertName: "Suns",
    });
    for (let i = 0; i < 2; i += 1) {
      const response = await oneClick(token);
      expect(response.status).toBe(200);
      expect(expectContract(unsubscribeAnswerSchema, await response.json())).toEqual({
        scope: "alert",
        alertName: "Suns",
        unsubscribed: true,
      });
    }
    expect((await alertRow(alertId))?.enabled).toBe(false);
    expect(await prefsOf(person.id)).toMatchObject({
      digestFrequency: "daily",
      followEmails: true,
    });
  });

  it("turns off the followed artists' part, even when sent from another site", async () => {
    const token = linkToken(text, "Stop e-mails about artists you follow");
    const response = await oneClick(token, {
      origin: "https://webmail.example",
      "sec-fetch-site": "cross-site",
    });
    expect(response.status).toBe(200);
    expect(await prefsOf(person.id)).toMatchObject({
      digestFrequency: "daily",
      followEmails: false,
    });
  });

  it("turns off every digest with the List-Unsubscribe address", async () => {
    const token = linkToken(text, "Stop all these e-mails");
    const response = await oneClick(token);
    expect(await response.json()).toEqual({ scope: "all", unsubscribed: true });
    expect((await prefsOf(person.id))?.digestFrequency).toBe("off");
  });

  it("refuses a forged, altered, truncated or missing token and changes nothing", async () => {
    const victim = await signUp(t);
    const victimAlert = await alertAt(t, clock, victim, { name: "Moons", q: "moon" });
    const before = { prefs: await prefsOf(victim.id), alert: await alertRow(victimAlert) };
    // Another person's genuine token, its payload changed to this person: the MAC no longer fits.
    const own = unsubscribeToken(t.config.sessionSecret, person.id, "all");
    const [, mac] = own.split(".");
    const altered = `${Buffer.from(`${victim.id}:all`).toString("base64url")}.${mac}`;
    const forged = unsubscribeToken("another secret that is long enough!!", victim.id, "all");
    const genuine = unsubscribeToken(t.config.sessionSecret, victim.id, `alert:${victimAlert}`);
    const cases = [
      altered,
      forged,
      genuine.slice(0, -1),
      genuine.split(".")[0] ?? "",
      `${genuine}.x`,
      "",
      "x".repeat(5000),
    ];
    for (const token of cases) {
      const response = await oneClick(token);
      expect(response.status, token.slice(0, 40)).toBe(404);
      expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
        alertMessages.unsubscribeInvalid,
      );
      await expect(t.services.alerts.describeUnsubscribe(token)).rejects.toThrow(
        alertMessages.unsubscribeInvalid,
      );
    }
    // A NUL in the address is refused before any route (400), and by the token check too.
    expect((await oneClick("a\u0000b.c")).status).toBe(400);
    await expect(t.services.alerts.describeUnsubscribe("a\u0000b.c")).rejects.toThrow(
      alertMessages.unsubscribeInvalid,
    );
    const noToken = await t.app.request("/api/unsubscribe", { method: "POST" });
    expect(noToken.status).toBe(404);
    expect({ prefs: await prefsOf(victim.id), alert: await alertRow(victimAlert) }).toEqual(before);
  });

  it("an alert's token does nothing to an alert of another person", async () => {
    const other = await signUp(t);
    const othersAlert = await alertAt(t, clock, other, { name: "Stars", q: "star" });
    const token = unsubscribeToken(t.config.sessionSecret, person.id, `alert:${othersAlert}`);
    expect((await oneClick(token)).status).toBe(200);
    expect((await alertRow(othersAlert))?.enabled).toBe(true);
  });
});
