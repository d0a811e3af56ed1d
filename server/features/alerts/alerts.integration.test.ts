import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  MAX_ALERTS_PER_PERSON,
  alertListSchema,
  alertMessages,
  alertSchema,
  deletedAlertSchema,
  mailPreferencesSchema,
} from "../../../contracts/alerts.contract";
import { alerts, mailPreferences } from "../../db/schema";
import { expectContract } from "../../test/contract";
import { createArtist, createCategory, createCity } from "../../test/factories";
import { type TestApp, createTestApp } from "../../test/test-app";
import { type Member, send, signUp } from "../profiles/profiles.test-helpers";

let t: TestApp;
let cora: Member;
let olga: Member;
let city: { id: string };
let category: { id: string };

beforeAll(async () => {
  t = await createTestApp();
  cora = await signUp(t, { firstName: "Cora", lastName: "Lee" });
  olga = await signUp(t, { firstName: "Olga", lastName: "Other" });
  city = await createCity(t.db, "Lisbon");
  category = await createCategory(t.db, "painting");
});
afterAll(() => t.close());

const body = (overrides: Record<string, unknown> = {}) => ({
  name: "Harbours",
  q: "harbour",
  cities: [],
  categories: [],
  priceRanges: [],
  ...overrides,
});

async function errorOf(response: Response) {
  return ((await response.json()) as { error: { message: string } }).error.message;
}

async function alertCount(userId: string) {
  return (await t.db.select().from(alerts).where(eq(alerts.userId, userId))).length;
}

describe("creating and listing alerts", () => {
  it("creates an alert with its search and tsquery, lists it newest first, makes preferences", async () => {
    const first = await send(t, cora, "POST", "/api/me/alerts", body({ name: "  Harbours  " }));
    expect(first.status).toBe(201);
    const alert = expectContract(alertSchema, await first.json());
    expect(alert).toMatchObject({
      name: "Harbours",
      query: { q: "harbour", cities: [], categories: [], priceRanges: [] },
      enabled: true,
    });
    const second = await send(
      t,
      cora,
      "POST",
      "/api/me/alerts",
      body({
        name: "Lisbon paintings",
        q: "",
        cities: [city.id.toUpperCase()],
        categories: [category.id],
        priceRanges: [3, 1, 1],
      }),
    );
    expect(second.status).toBe(201);
    const list = expectContract(
      alertListSchema,
      await (await send(t, cora, "GET", "/api/me/alerts")).json(),
    );
    expect(list.alerts.map((a) => a.name)).toEqual(["Lisbon paintings", "Harbours"]);
    expect(list.alerts[0]?.query).toEqual({
      q: "",
      cities: [city.id],
      categories: [category.id],
      priceRanges: [1, 3],
    });
    const [row] = await t.db.select().from(alerts).where(eq(alerts.id, alert.id));
    expect(row?.tsquery).toBe("harbour:*");
    const prefs = await t.db
      .select()
      .from(mailPreferences)
      .where(eq(mailPreferences.userId, cora.id));
    expect(prefs).toHaveLength(1);
  });

  it("refuses a duplicate of an existing search, naming it", async () => {
    const response = await send(
      t,
      cora,
      "POST",
      "/api/me/alerts",
      body({ name: "Again", q: "HARBOUR" }),
    );
    expect(response.status).toBe(409);
    expect(await errorOf(response)).toBe(alertMessages.duplicate("Harbours"));
  });

  it("refuses bad input with a clear message and stores nothing", async () => {
    const before = await alertCount(cora.id);
    const cases: [Record<string, unknown>, number, string | RegExp][] = [
      [body({ name: "" }), 400, alertMessages.nameRequired],
      [body({ name: "   " }), 400, alertMessages.nameRequired],
      [body({ name: "x".repeat(81) }), 400, alertMessages.nameTooLong],
      [body({ name: "a\u0000b" }), 400, /NUL/],
      [body({ q: "x".repeat(201) }), 400, "The search text can be at most 200 characters."],
      [body({ q: "" }), 400, alertMessages.nothingChosen],
      [body({ q: "!!!" }), 400, alertMessages.noWords],
      [body({ cities: ["not-an-id"] }), 400, "Unknown city id: not-an-id"],
      [body({ cities: ["00000000-0000-4000-8000-000000000000"] }), 400, /Unknown city id/],
      [body({ categories: ["00000000-0000-4000-8000-000000000000"] }), 400, /Unknown category id/],
      [body({ priceRanges: [6] }), 400, /Unknown price range: 6/],
      [body({ priceRanges: [1.5] }), 400, /Unknown price range/],
      [body({ priceRanges: "1" }), 400, /priceRanges/],
    ];
    for (const [input, status, message] of cases) {
      const response = await send(t, cora, "POST", "/api/me/alerts", input);
      expect(response.status, JSON.stringify(input).slice(0, 80)).toBe(status);
      const text = await errorOf(response);
      if (typeof message === "string") expect(text).toBe(message);
      else expect(text).toMatch(message);
    }
    expect(await alertCount(cora.id)).toBe(before);
  });

  it("allows at most 50 alerts per person", async () => {
    const person = await signUp(t);
    for (let i = 0; i < MAX_ALERTS_PER_PERSON; i += 1) {
      const response = await send(t, person, "POST", "/api/me/alerts", body({ q: `word${i}` }));
      expect(response.status).toBe(201);
    }
    const over = await send(t, person, "POST", "/api/me/alerts", body({ q: "onemore" }));
    expect(over.status).toBe(409);
    expect(await errorOf(over)).toBe(alertMessages.tooMany);
    expect(await alertCount(person.id)).toBe(MAX_ALERTS_PER_PERSON);
  });

  it("a double submit stores one alert", async () => {
    const person = await signUp(t);
    const answers = await Promise.all([
      send(t, person, "POST", "/api/me/alerts", body({ q: "twice" })),
      send(t, person, "POST", "/api/me/alerts", body({ q: "twice" })),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await alertCount(person.id)).toBe(1);
  });
});

describe("changing and deleting alerts", () => {
  it("renames and turns an alert off and on; DELETE is idempotent", async () => {
    const created = expectContract(
      alertSchema,
      await (
        await send(t, cora, "POST", "/api/me/alerts", body({ name: "Boats", q: "boat" }))
      ).json(),
    );
    const off = await send(t, cora, "PATCH", `/api/me/alerts/${created.id}`, { enabled: false });
    expect(expectContract(alertSchema, await off.json())).toMatchObject({ enabled: false });
    const renamed = await send(t, cora, "PATCH", `/api/me/alerts/${created.id}`, {
      name: " Sailing boats ",
      enabled: true,
    });
    expect(expectContract(alertSchema, await renamed.json())).toMatchObject({
      name: "Sailing boats",
      enabled: true,
    });
    const empty = await send(t, cora, "PATCH", `/api/me/alerts/${created.id}`, {});
    expect(empty.status).toBe(400);
    const nul = await send(t, cora, "PATCH", `/api/me/alerts/${created.id}`, { name: "\u0000" });
    expect(nul.status).toBe(400);
    const long = await send(t, cora, "PATCH", `/api/me/alerts/${created.id}`, {
      name: "y".repeat(81),
    });
    expect(long.status).toBe(400);
    const [row] = await t.db.select().from(alerts).where(eq(alerts.id, created.id));
    expect(row?.name).toBe("Sailing boats");

    for (let i = 0; i < 2; i += 1) {
      const del = await send(t, cora, "DELETE", `/api/me/alerts/${created.id}`);
      expect(del.status).toBe(200);
      expect(expectContract(deletedAlertSchema, await del.json())).toEqual({ deleted: true });
    }
    expect(await t.db.select().from(alerts).where(eq(alerts.id, created.id))).toEqual([]);
    expect((await send(t, cora, "DELETE", "/api/me/alerts/nope")).status).toBe(404);
    expect((await send(t, cora, "PATCH", "/api/me/alerts/nope", { enabled: false })).status).toBe(
      404,
    );
  });
});

describe("privacy", () => {
  it("another person's alert is 404 on PATCH and untouched by DELETE; GET lists only one's own; signed out is 401", async () => {
    const mine = expectContract(
      alertSchema,
      await (
        await send(t, cora, "POST", "/api/me/alerts", body({ name: "Mine", q: "private" }))
      ).json(),
    );
    const patch = await send(t, olga, "PATCH", `/api/me/alerts/${mine.id}`, { enabled: false });
    expect(patch.status).toBe(404);
    expect(await errorOf(patch)).toBe(alertMessages.notFound);
    const unknown = await send(
      t,
      olga,
      "PATCH",
      "/api/me/alerts/00000000-0000-4000-8000-000000000000",
      {
        enabled: false,
      },
    );
    expect(unknown.status).toBe(404);
    expect(await errorOf(unknown)).toBe(alertMessages.notFound);
    await send(t, olga, "DELETE", `/api/me/alerts/${mine.id}`);
    const [row] = await t.db.select().from(alerts).where(eq(alerts.id, mine.id));
    expect(row).toMatchObject({ enabled: true, name: "Mine" });
    const theirs = expectContract(
      alertListSchema,
      await (await send(t, olga, "GET", "/api/me/alerts")).json(),
    );
    expect(theirs.alerts).toEqual([]);
    for (const [method, path] of [
      ["GET", "/api/me/alerts"],
      ["POST", "/api/me/alerts"],
      ["PATCH", `/api/me/alerts/${mine.id}`],
      ["DELETE", `/api/me/alerts/${mine.id}`],
      ["GET", "/api/me/mail-preferences"],
      ["PUT", "/api/me/mail-preferences"],
    ] as const) {
      const response = await send(t, undefined, method, path, method === "GET" ? undefined : {});
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.headers.get("cache-control")).toBe("no-store");
    }
  });
});

describe("mail preferences", () => {
  it("answers the defaults without a row, then what was saved", async () => {
    const person = await signUp(t);
    const read = () => send(t, person, "GET", "/api/me/mail-preferences");
    expect(expectContract(mailPreferencesSchema, await (await read()).json())).toEqual({
      digestFrequency: "daily",
      followEmails: true,
      messageEmails: true,
    });
    const put = await send(t, person, "PUT", "/api/me/mail-preferences", {
      digestFrequency: "weekly",
      followEmails: false,
    });
    const saved = { digestFrequency: "weekly", followEmails: false, messageEmails: true };
    expect(await put.json()).toEqual(saved);
    expect(await (await read()).json()).toEqual(saved);
    const bad = await send(t, person, "PUT", "/api/me/mail-preferences", {
      digestFrequency: "hourly",
      followEmails: true,
    });
    expect(bad.status).toBe(400);
    expect(await errorOf(bad)).toBe("digestFrequency must be daily, weekly or off.");
    expect(await (await read()).json()).toEqual(saved);
  });

  it("turns message e-mails off and on, and leaves them as they are when not sent", async () => {
    const person = await signUp(t);
    const put = (body: object) => send(t, person, "PUT", "/api/me/mail-preferences", body);
    const off = await put({ digestFrequency: "daily", followEmails: true, messageEmails: false });
    expect(await off.json()).toEqual({
      digestFrequency: "daily",
      followEmails: true,
      messageEmails: false,
    });
    const digestOnly = await put({ digestFrequency: "off", followEmails: true });
    expect(await digestOnly.json()).toMatchObject({ digestFrequency: "off", messageEmails: false });
    const bad = await put({ digestFrequency: "daily", followEmails: true, messageEmails: "no" });
    expect(bad.status).toBe(400);
    expect(await errorOf(bad)).toBe("messageEmails must be true or false.");
    const on = await put({ digestFrequency: "daily", followEmails: true, messageEmails: true });
    expect(await on.json()).toMatchObject({ messageEmails: true });
  });

  it("following an artist makes the follower's preferences row", async () => {
    const person = await signUp(t);
    const artist = await createArtist(t.db);
    await send(t, person, "PUT", `/api/me/following/${artist.id}`);
    const rows = await t.db
      .select()
      .from(mailPreferences)
      .where(eq(mailPreferences.userId, person.id));
    expect(rows).toMatchObject([{ digestFrequency: "daily", followEmails: true }]);
  });
});
