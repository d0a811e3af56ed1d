import path from "node:path";
import { and, count, eq, isNull, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  artistApplications,
  artCategories,
  artworkImages,
  artworks,
  banners,
  cities,
  exhibitions,
  orders,
  users,
} from "../db/schema";
import { orderTotals } from "../features/orders/ledger.repository";
import { type TestApp, createTestApp } from "../test/test-app";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from "./seed";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.db, t.services);
}, 180_000);
afterAll(() => t.close());

async function countOf(query: Promise<{ n: number }[]>) {
  const [row] = await query;
  return row?.n ?? 0;
}

describe("demo data", () => {
  it("has the cities and categories, names stored with underscores", async () => {
    const db = t.db;
    expect(await countOf(db.select({ n: count() }).from(cities))).toBeGreaterThanOrEqual(6);
    const names = (await db.select({ name: artCategories.name }).from(artCategories)).map(
      (c) => c.name,
    );
    expect(names).toContain("mixed_media");
    expect(names.every((n) => /^[a-z_]+$/.test(n))).toBe(true);
  });

  it("has 8+ artists with active payouts and one pending applicant", async () => {
    const db = t.db;
    const activeArtists = await countOf(
      db
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.isArtist, true), eq(users.payoutStatus, "active"))),
    );
    expect(activeArtists).toBeGreaterThanOrEqual(8);
    const [applicant] = await db
      .select()
      .from(users)
      .where(eq(users.email, "applicant@demo.vernissage.test"));
    expect(applicant).toMatchObject({ isArtist: false, pendingOccupation: "artist" });
  });

  it("has 60+ artworks: some sold, some offers-only, several with 2–4 images", async () => {
    const db = t.db;
    expect(await countOf(db.select({ n: count() }).from(artworks))).toBeGreaterThanOrEqual(60);
    const sold = await countOf(
      db
        .select({ n: count() })
        .from(artworks)
        .where(and(eq(artworks.isForSale, false), sql`${artworks.priceCents} is not null`)),
    );
    expect(sold).toBeGreaterThan(0);
    const offersOnly = await db.select().from(artworks).where(isNull(artworks.priceCents));
    expect(offersOnly.length).toBeGreaterThan(0);
    expect(offersOnly.every((a) => a.status === "not for sale" && !a.isForSale)).toBe(true);
    const perArtwork = await db
      .select({ n: count() })
      .from(artworkImages)
      .groupBy(artworkImages.artworkId);
    expect(perArtwork.filter((r) => r.n >= 2 && r.n <= 4).length).toBeGreaterThanOrEqual(3);
    // Every picture knows its original's size, so the artwork page's srcset is truthful.
    const sizes = await db
      .select({ width: artworkImages.width, height: artworkImages.height })
      .from(artworkImages);
    expect(sizes.every((s) => (s.width ?? 0) >= 64 && (s.height ?? 0) >= 64)).toBe(true);
  });

  it("spreads prices over all six price ranges", async () => {
    const bounds = [0, 10_000, 50_000, 100_000, 500_000, 1_000_000, Number.MAX_SAFE_INTEGER];
    const prices = (await t.db.select({ p: artworks.priceCents }).from(artworks))
      .map((r) => r.p)
      .filter((p): p is number => p !== null);
    for (let i = 0; i < 6; i++) {
      const lo = bounds[i] ?? 0;
      const hi = bounds[i + 1] ?? 0;
      expect(
        prices.some((p) => p >= lo && p < hi),
        `range ${i}`,
      ).toBe(true);
    }
  });

  it("stores real images as original JPEG, medium and thumbnail WebP", async () => {
    const [artwork] = await t.db.select().from(artworks).limit(1);
    const fileOf = (url: string | null | undefined) =>
      path.join(t.config.mediaDir, (url ?? "").replace(/^\/media\//, ""));
    const original = await sharp(fileOf(artwork?.imageOriginal)).metadata();
    const medium = await sharp(fileOf(artwork?.imageMedium)).metadata();
    const thumbnail = await sharp(fileOf(artwork?.imageThumbnail)).metadata();
    expect(original.format).toBe("jpeg");
    expect(medium.format).toBe("webp");
    expect(thumbnail.format).toBe("webp");
    expect(thumbnail.width).toBeLessThanOrEqual(500);
    expect(medium.width).toBeLessThanOrEqual(1200);
  });

  it("has three waiting artist applications, the demo applicant's among them, and one declined", async () => {
    const rows = await t.db
      .select({
        state: artistApplications.state,
        email: users.email,
        bio: users.bio,
        instagramHandle: artistApplications.instagramHandle,
        websiteURL: artistApplications.websiteURL,
        teamMessage: artistApplications.teamMessage,
        decidedBy: artistApplications.decidedBy,
      })
      .from(artistApplications)
      .innerJoin(users, eq(users.id, artistApplications.userId));
    const waiting = rows.filter((r) => r.state === "waiting");
    expect(waiting).toHaveLength(3);
    expect(waiting.map((r) => r.email)).toContain("applicant@demo.vernissage.test");
    expect(waiting.every((r) => r.bio && (r.instagramHandle || r.websiteURL))).toBe(true);
    const declined = rows.filter((r) => r.state === "declined");
    expect(declined).toHaveLength(1);
    expect(declined[0]?.teamMessage).toBeTruthy();
    expect(declined[0]?.decidedBy).toBeTruthy();
    expect(rows).toHaveLength(4);
    // Every applicant can sign in with the demo password.
    for (const { email } of rows) {
      const response = await t.client().post("/api/auth/sign-in/email", {
        email,
        password: DEMO_PASSWORD,
      });
      expect(response.status, email).toBe(200);
    }
  });

  it("has 2 active exhibitions, 1 inactive, and one active banner", async () => {
    const db = t.db;
    const all = await db.select().from(exhibitions);
    expect(all.filter((e) => e.isActive)).toHaveLength(2);
    expect(all.filter((e) => !e.isActive)).toHaveLength(1);
    expect(
      await countOf(db.select({ n: count() }).from(banners).where(eq(banners.isActive, true))),
    ).toBe(1);
    // Its text alternative says what is drawn on it.
    const [active] = await db.select().from(banners).where(eq(banners.isActive, true));
    expect(active).toMatchObject({
      altText: "Spring Collection: New work from nine independent artists",
    });
  });

  it("sells its sold works as buyers buy: every page and the reconciliation agree", async () => {
    const db = t.db;
    const sold = await db
      .select({ id: artworks.id, artistId: artworks.artistId, ownerId: artworks.ownerId })
      .from(artworks)
      .where(sql`${artworks.ownerId} <> ${artworks.artistId}`);
    expect(sold.length).toBeGreaterThanOrEqual(4);
    const sales = await db.select().from(orders);
    expect(sales.map((o) => o.artworkId).sort()).toEqual(sold.map((a) => a.id).sort());

    // The collector's Collection holds exactly what their purchase history lists.
    const [collector] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, "collector@demo.vernissage.test"));
    const collection = await t.services.profiles.collection(collector!.id, collector!.id);
    const purchases = await t.services.checkout.purchases(collector!.id);
    expect(collection.length).toBeGreaterThanOrEqual(4);
    expect(purchases.map((p) => p.artworkId).sort()).toEqual(collection.map((a) => a.id).sort());

    // Each sold work is on its artist's Sales page and in the team's orders, with its
    // capture in the ledger, and the ledger matches the simulated processor.
    for (const work of sold) {
      const page = await t.services.sales.list(work.artistId, {});
      expect(page.items.map((item) => item.artworkId)).toContain(work.id);
    }
    const team = await t.services.teamOrders.list({});
    expect(team.orders.map((o) => o.artworkId).sort()).toEqual(sold.map((a) => a.id).sort());
    for (const order of sales) {
      expect((await orderTotals(db, order.id)).capture).toBe(order.totalAmount);
    }
    const report = await t.services.reconciliation.run({});
    expect(report.differences).toEqual([]);
    expect(report.summary.captures.ours.count).toBe(sold.length);
  });

  it("lets every demo account sign in with the demo password", async () => {
    for (const account of DEMO_ACCOUNTS) {
      const response = await t.client().post("/api/auth/sign-in/email", {
        email: account.email,
        password: DEMO_PASSWORD,
      });
      expect(response.status, account.email).toBe(200);
    }
  });

  it("does nothing on a database that has users", async () => {
    const db = t.db;
    const before = await countOf(db.select({ n: count() }).from(artworks));
    expect(await seedDemoData(t.db, t.services)).toBe(false);
    expect(await countOf(db.select({ n: count() }).from(artworks))).toBe(before);
  });
});
