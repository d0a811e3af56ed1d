import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRICE_RANGES } from "../../../domain/price-ranges";
import { queryRows } from "../../db/rows";
import { artworkCategories, artworks, users } from "../../db/schema";
import { type TestApp, createTestApp } from "../../test/test-app";
import { createArtist, createCategory, createCity, createUser } from "../../test/factories";
import { availableSql } from "../artworks/artworks.api";
import { type SearchFilters, countKeptFacets, countSearchFacets } from "./search.repository";

/**
 * The counts of searches without text are kept by triggers (migration 0020, decision
 * 0032) in the transactions that change the catalogue. 1,000 random changes of every
 * kind they depend on, from a seeded generator, then the kept counts of many filter
 * combinations must equal a recount of the whole catalogue by the search's own SQL
 * (countSearchFacets, written independently of the triggers).
 */

let t: TestApp;
const cityIds: string[] = [];
const categoryIds: string[] = [];
const artistIds: string[] = [];
let collectorId = "";

beforeAll(async () => {
  t = await createTestApp();
  for (const name of ["North", "South", "East"]) cityIds.push((await createCity(t.db, name)).id);
  for (let i = 0; i < 4; i++) categoryIds.push((await createCategory(t.db)).id);
  for (let i = 0; i < 6; i++) {
    const artist = await createArtist(t.db, {
      cityId: i === 5 ? null : cityIds[i % 3],
      payoutStatus: i === 4 ? "pending" : "active",
    });
    artistIds.push(artist.id);
  }
  collectorId = (await createUser(t.db)).id;
});
afterAll(() => t.close());

/** mulberry32: a small seeded generator, so a failure can be replayed. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = ReturnType<typeof seeded>;
const pick = <T>(random: Random, list: readonly T[]): T =>
  list[Math.floor(random() * list.length)]!;

/** Prices on and around every range boundary, and none (offers only). */
const PRICES = [
  null,
  0,
  1,
  ...PRICE_RANGES.flatMap((r) =>
    r.maxCents === null ? [r.minCents * 3] : [r.maxCents - 1, r.maxCents],
  ),
];

function someCategories(random: Random): string[] {
  const first = pick(random, categoryIds);
  const second = pick(random, categoryIds);
  const n = random();
  if (n < 0.1) return [];
  if (n < 0.55 || second === first) return [first];
  return [first, second];
}

/** A work in one of the states a card can show, with its status as the app writes it. */
function someState(random: Random, artistId: string) {
  const state = pick(random, ["for sale", "for sale", "offers only", "sold", "draft"] as const);
  return {
    isForSale: state === "for sale",
    status: state === "draft" ? "draft" : state === "for sale" ? "available" : "not for sale",
    ownerId: state === "sold" ? collectorId : artistId,
  } as const;
}

/** The works made here, in the order they were made (ids are random: not an order to replay). */
const made: string[] = [];

async function workIds(): Promise<string[]> {
  const rows = await t.db.select({ id: artworks.id }).from(artworks);
  const existing = new Set(rows.map((r) => r.id));
  return made.filter((id) => existing.has(id));
}

async function newWork(random: Random) {
  const artistId = pick(random, artistIds);
  const categories = someCategories(random);
  // As the listing flow does: the work, then its categories, in one transaction.
  await t.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(artworks)
      .values({
        title: "Random work",
        artistId,
        priceCents: pick(random, PRICES),
        hiddenAt: random() < 0.1 ? new Date() : null,
        ...someState(random, artistId),
      })
      .returning({ id: artworks.id });
    made.push(row!.id);
    if (categories.length) {
      await tx
        .insert(artworkCategories)
        .values(categories.map((categoryId) => ({ artworkId: row!.id, categoryId })));
    }
  });
}

const KINDS = [
  "new work",
  "delete",
  "price",
  "categories",
  "add category",
  "remove categories",
  "draft",
  "hidden",
  "sale",
  "state",
  "artist city",
  "artist payout",
  "artist suspension",
  "move to another artist",
  "hide an artist's works at once",
  "keys written by hand",
] as const;

/** One random change of something the counts depend on; returns its name for a failure message. */
async function randomChange(random: Random): Promise<string> {
  const ids = await workIds();
  if (ids.length < 5) {
    await newWork(random);
    return "new work";
  }
  const id = pick(random, ids);
  const where = eq(artworks.id, id);
  const kind = pick(random, KINDS);
  switch (kind) {
    case "new work":
      await newWork(random);
      break;
    case "delete":
      await t.db.delete(artworks).where(where);
      break;
    case "price":
      await t.db
        .update(artworks)
        .set({ priceCents: pick(random, PRICES) })
        .where(where);
      break;
    case "categories":
      // Replaced in one transaction, as the listing edit does.
      await t.db.transaction(async (tx) => {
        await tx.delete(artworkCategories).where(eq(artworkCategories.artworkId, id));
        const next = someCategories(random);
        if (next.length) {
          await tx
            .insert(artworkCategories)
            .values(next.map((categoryId) => ({ artworkId: id, categoryId })));
        }
      });
      break;
    case "add category":
      await t.db
        .insert(artworkCategories)
        .values({ artworkId: id, categoryId: pick(random, categoryIds) })
        .onConflictDoNothing();
      break;
    case "remove categories":
      await t.db.delete(artworkCategories).where(eq(artworkCategories.artworkId, id));
      break;
    case "draft": {
      const [work] = await t.db.select().from(artworks).where(where);
      await t.db
        .update(artworks)
        .set({
          status: work!.status === "draft" ? "available" : "draft",
          isForSale: work!.status === "draft",
        })
        .where(where);
      break;
    }
    case "hidden":
      await t.db
        .update(artworks)
        .set({ hiddenAt: random() < 0.5 ? new Date() : null })
        .where(where);
      break;
    case "sale":
      // What the checkout's claim writes when the work is sold.
      await t.db
        .update(artworks)
        .set({
          isForSale: false,
          status: "not for sale",
          ownerId: collectorId,
          reservedUntil: null,
        })
        .where(and(where, eq(artworks.isForSale, true)));
      break;
    case "state": {
      const [work] = await t.db.select().from(artworks).where(where);
      await t.db.update(artworks).set(someState(random, work!.artistId)).where(where);
      break;
    }
    case "artist city":
      await t.db
        .update(users)
        .set({ cityId: random() < 0.15 ? null : pick(random, cityIds) })
        .where(eq(users.id, pick(random, artistIds)));
      break;
    case "artist payout":
      await t.db
        .update(users)
        .set({ payoutStatus: pick(random, ["active", "active", "pending", "restricted"] as const) })
        .where(eq(users.id, pick(random, artistIds)));
      break;
    case "artist suspension":
      await t.db
        .update(users)
        .set({ suspendedAt: random() < 0.4 ? new Date() : null })
        .where(eq(users.id, pick(random, artistIds)));
      break;
    case "move to another artist":
      await t.db
        .update(artworks)
        .set({ artistId: pick(random, artistIds) })
        .where(where);
      break;
    case "keys written by hand":
      // The trigger computes both again: neither can be written wrong (migration 0026).
      // One column at a time (which one from the id, so the seeded sequence is the same), as
      // a write of either alone must set the trigger off.
      await t.db.execute(
        /[02468ace]$/.test(id)
          ? sql`update artworks set search_facets = ''::tsvector where id = ${id}`
          : sql`update artworks set search_category_ids = '{}' where id = ${id}`,
      );
      break;
    case "hide an artist's works at once": {
      // One statement changing many works: the triggers see them all at once.
      const artistId = pick(random, artistIds);
      const hide = random() < 0.5;
      await t.db
        .update(artworks)
        .set({ hiddenAt: hide ? new Date() : null, priceCents: pick(random, PRICES) })
        .where(eq(artworks.artistId, artistId));
      break;
    }
  }
  return kind;
}

/** The filter combinations compared: none, one and two of each type, mixed, each with and without "Available only". */
function combinations(): SearchFilters[] {
  const none = { cities: [], categories: [], priceRanges: [] };
  const shapes: Omit<SearchFilters, "available">[] = [
    none,
    ...cityIds.map((c) => ({ ...none, cities: [c] })),
    { ...none, cities: cityIds.slice(0, 2) },
    ...categoryIds.map((c) => ({ ...none, categories: [c] })),
    { ...none, categories: categoryIds.slice(1, 3) },
    ...PRICE_RANGES.map((r) => ({ ...none, priceRanges: [r.index] })),
    { ...none, priceRanges: [0, 5] },
    { cities: [cityIds[0]!], categories: [categoryIds[0]!], priceRanges: [1] },
    { cities: cityIds.slice(1), categories: categoryIds.slice(0, 2), priceRanges: [0, 1, 2] },
  ];
  return shapes.flatMap((shape) => [
    { ...shape, available: false },
    { ...shape, available: true },
  ]);
}

/**
 * Every work's filter keys (artworks.search_facets, migrations 0023 and 0025, which a text search
 * with filters reads through its index) against the keys recomputed here from the work
 * as the search defines it: its artist's city, its categories, the price range of
 * PRICE_RANGES, and availableSql. And its categories' column (search_category_ids,
 * migration 0026, which a text search's counts read) against its links.
 */
async function expectFacetKeysCurrent(context: string) {
  const rows = await queryRows<{
    id: string;
    keys: string;
    city_id: string | null;
    price_cents: number | null;
    available: boolean;
    categories: string[];
    category_ids: string[];
  }>(
    t.db,
    sql`select a.id, a.search_facets::text as keys, a.search_category_ids::text[] as category_ids,
        u.city_id, a.price_cents,
        ${availableSql("a")} as available,
        array(select ac.category_id::text from artwork_categories ac where ac.artwork_id = a.id) as categories
      from artworks a join users u on u.id = a.artist_id`,
  );
  for (const row of rows) {
    const range =
      row.price_cents === null
        ? undefined
        : PRICE_RANGES.find(
            (r) =>
              row.price_cents! >= r.minCents &&
              (r.maxCents === null || row.price_cents! < r.maxCents),
          );
    const city = row.city_id;
    const p = range?.index;
    const expected = [
      ...(city ? [`c${city}`] : []),
      ...row.categories.map((c) => `g${c}`),
      ...(p === undefined ? [] : [`p${p}`]),
      ...(row.available ? ["av"] : []),
      // The compound keys of migration 0025: two or three facets in one key.
      ...(city ? row.categories.map((c) => `cg${city}${c}`) : []),
      ...(p === undefined ? [] : row.categories.map((c) => `gp${c}${p}`)),
      ...(city && p !== undefined ? [`cp${city}${p}`] : []),
      ...(city && p !== undefined ? row.categories.map((c) => `cgp${city}${c}${p}`) : []),
    ].sort();
    const kept = [...row.keys.matchAll(/'([^']*)'/g)].map((m) => m[1]!).sort();
    expect(kept, `${context}: the filter keys of work ${row.id}`).toEqual(expected);
    expect(row.category_ids, `${context}: the categories of work ${row.id}`).toEqual(
      [...row.categories].sort(),
    );
  }
}

async function expectKeptEqualsRecount(context: string) {
  await expectFacetKeysCurrent(context);
  for (const filters of combinations()) {
    const kept = await countKeptFacets(t.db, filters);
    const recount = await countSearchFacets(t.db, { text: null, artistIds: [], filters });
    expect(kept, `${context}, filters ${JSON.stringify(filters)}`).toEqual(recount);
  }
  const [negative] = await queryRows<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from search_counts where n < 0`,
  );
  expect(negative!.n, `${context}: a cell below zero`).toBe(0);
}

describe("counts kept by the catalogue's transactions", () => {
  it("equal a full recount after 1,000 random changes", async () => {
    const random = seeded(20_326);
    for (let i = 0; i < 40; i++) await newWork(random);
    await expectKeptEqualsRecount("after the first works");
    const done: string[] = [];
    const listed: number[] = [];
    const everything = { cities: [], categories: [], priceRanges: [], available: false };
    for (let i = 1; i <= 1000; i++) {
      done.push(await randomChange(random));
      if (i % 100 === 0) listed.push((await countKeptFacets(t.db, everything)).nbHits);
      if (i % 250 === 0)
        await expectKeptEqualsRecount(`after ${i} changes (last: ${done.slice(-5).join(", ")})`);
    }
    // Every kind of change happened, and the counts compared were not trivially empty.
    expect(new Set(done).size).toBe(KINDS.length);
    expect(
      Math.max(...listed),
      `listed works every 100 changes: ${listed.join(", ")}`,
    ).toBeGreaterThan(10);
    expect((await workIds()).length).toBeGreaterThan(20);
  }, 240_000);

  it("are what the endpoint answers", async () => {
    const filters = { cities: [], categories: [], priceRanges: [], available: true };
    const recount = await countSearchFacets(t.db, { text: null, artistIds: [], filters });
    const response = await t.app.request("/api/artworks/search?available=true");
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      nbHits: recount.nbHits,
      facets: recount.facets,
      exhaustiveNbHits: true,
      exhaustiveFacetsCount: true,
    });
  });

  it("survive a TRUNCATE: recounted from what is left", async () => {
    await t.db.execute(sql`truncate artwork_categories`);
    await expectKeptEqualsRecount("after truncating the links");
  });

  it("are left as they were by a change that fails", async () => {
    const filters = { cities: [], categories: [], priceRanges: [], available: false };
    const before = await countKeptFacets(t.db, filters);
    const [work] = await workIds();
    await expect(
      t.db.transaction(async (tx) => {
        await tx.update(artworks).set({ status: "draft" }).where(eq(artworks.id, work!));
        await tx
          .insert(artworkCategories)
          .values({ artworkId: work!, categoryId: "00000000-0000-4000-8000-000000000000" });
      }),
    ).rejects.toThrow();
    expect(await countKeptFacets(t.db, filters)).toEqual(before);
  });
});

/**
 * Two transactions at once (PostgreSQL only: PGlite runs one at a time). The first holds
 * its change open while the second starts; the second must wait, then count from the
 * first's committed change, so the cells equal a recount whatever the order.
 */
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))("two writers at once", () => {
  /** Until the second writer waits for a lock; an error if it finished (or failed) without. */
  async function waitForALockWait(settled: () => string | undefined) {
    for (let i = 0; i < 600; i++) {
      const [row] = await queryRows<{ waiting: number }>(
        t.db,
        sql`select count(*)::int as waiting from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if ((row?.waiting ?? 0) > 0) return;
      const outcome = settled();
      if (outcome) throw new Error(`the second writer did not wait: it ${outcome}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error("the second writer never waited");
  }

  async function listedWork(artistId: string, categories: string[]) {
    const [row] = await t.db
      .insert(artworks)
      .values({
        title: "Raced",
        artistId,
        ownerId: artistId,
        priceCents: 20_000,
        isForSale: true,
        status: "available",
      })
      .returning({ id: artworks.id });
    if (categories.length) {
      await t.db
        .insert(artworkCategories)
        .values(categories.map((categoryId) => ({ artworkId: row!.id, categoryId })));
    }
    return row!.id;
  }

  type Tx = Parameters<Parameters<TestApp["db"]["transaction"]>[0]>[0];

  /** Runs `first` in a transaction held open until `second` (started meanwhile) waits. */
  async function race(first: (tx: Tx) => Promise<unknown>, second: () => Promise<unknown>) {
    let pending: Promise<unknown> | undefined;
    let outcome: string | undefined;
    await t.db.transaction(async (tx) => {
      await first(tx);
      pending = second().then(
        () => (outcome = "finished"),
        (error: unknown) => (outcome = `failed: ${String(error)}`),
      );
      await waitForALockWait(() => outcome);
    });
    await pending;
    expect(outcome).toBe("finished");
  }

  it("two sales in the same cell", async () => {
    const artistId = artistIds[0]!;
    await t.db
      .update(users)
      .set({ payoutStatus: "active", suspendedAt: null, cityId: cityIds[0] })
      .where(eq(users.id, artistId));
    const one = await listedWork(artistId, [categoryIds[0]!]);
    const two = await listedWork(artistId, [categoryIds[0]!]);
    const sold = { isForSale: false, status: "not for sale", ownerId: collectorId } as const;
    await race(
      (tx) => tx.update(artworks).set(sold).where(eq(artworks.id, one)),
      () => t.db.update(artworks).set(sold).where(eq(artworks.id, two)),
    );
    await expectKeptEqualsRecount("after two sales at once");
  });

  it("an artist's new city while one of their works changes price, in both orders", async () => {
    const artistId = artistIds[1]!;
    await t.db
      .update(users)
      .set({ payoutStatus: "active", suspendedAt: null, cityId: cityIds[0] })
      .where(eq(users.id, artistId));
    const work = await listedWork(artistId, [categoryIds[1]!]);
    await race(
      (tx) => tx.update(users).set({ cityId: cityIds[1] }).where(eq(users.id, artistId)),
      () => t.db.update(artworks).set({ priceCents: 600_000 }).where(eq(artworks.id, work)),
    );
    await expectKeptEqualsRecount("city first, then price");
    await race(
      (tx) => tx.update(artworks).set({ priceCents: 5_000 }).where(eq(artworks.id, work)),
      () => t.db.update(users).set({ cityId: cityIds[2] }).where(eq(users.id, artistId)),
    );
    await expectKeptEqualsRecount("price first, then city");
  });

  it("two category changes of one work, and a category change with a price change", async () => {
    const artistId = artistIds[2]!;
    await t.db
      .update(users)
      .set({ payoutStatus: "active", suspendedAt: null })
      .where(eq(users.id, artistId));
    const work = await listedWork(artistId, [categoryIds[0]!]);
    await race(
      (tx) => tx.insert(artworkCategories).values({ artworkId: work, categoryId: categoryIds[1]! }),
      () => t.db.insert(artworkCategories).values({ artworkId: work, categoryId: categoryIds[2]! }),
    );
    await expectKeptEqualsRecount("two links added at once");
    await race(
      (tx) => tx.update(artworks).set({ priceCents: 150_000 }).where(eq(artworks.id, work)),
      () =>
        t.db
          .delete(artworkCategories)
          .where(
            and(
              eq(artworkCategories.artworkId, work),
              inArray(artworkCategories.categoryId, [categoryIds[0]!]),
            ),
          ),
    );
    await expectKeptEqualsRecount("a price and a link at once");
  });
});
