import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { dataExportAnswerSchema } from "../../../contracts/data-rights.contract";
import { dataRightsMessages } from "../../../domain/data-rights";
import { type StorageAdapter, createLocalStorage } from "../../adapters/storage/storage";
import {
  dataExports,
  listingDecisions,
  listingReports,
  orderReturns,
  outbox,
  returnImages,
  reviews,
  savedWorks,
} from "../../db/schema";
import { createLogger } from "../../logger";
import { expectContract } from "../../test/contract";
import { allowConsoleError } from "../../test/fail-on-console-error";
import { createArtwork, createOrder, createUser } from "../../test/factories";
import { type TestApp, createTestApp, testClock } from "../../test/test-app";
import { type Member, send, signUp } from "../profiles/profiles.test-helpers";
import { claimExport } from "./data-export.repository";
import { type DataExportDeps, EXPORT_LEASE_MS, runDataExports } from "./data-export.service";
import {
  readZip,
  seedConversation,
  seedOpenOffer,
  storeWorkImage,
} from "./data-rights.test-helpers";

let t: TestApp;
const clock = testClock(new Date("2026-06-01T10:00:00Z"));

beforeAll(async () => {
  t = await createTestApp({}, { now: clock.now });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(dataExports);
});

/** A second server's builder on the same database: its own deps, its own leases. */
function builder(storage: StorageAdapter = t.services.storage): DataExportDeps {
  return {
    db: t.db,
    storage,
    logger: createLogger({ json: false, silent: true }),
    now: clock.now,
    publicUrl: t.config.publicUrl,
    kickOutbox: () => undefined,
  };
}

async function current(member: Member) {
  const response = await send(t, member, "GET", "/api/me/data-export");
  expect(response.status).toBe(200);
  return expectContract(dataExportAnswerSchema, await response.json()).export;
}

async function request(member: Member) {
  const response = await send(t, member, "POST", "/api/me/data-export");
  expect(response.status).toBe(202);
  return expectContract(dataExportAnswerSchema, await response.json()).export!;
}

async function download(member: Member | undefined, url: string) {
  return send(t, member, "GET", url);
}

describe("download my data", () => {
  it("puts everything about the person in the ZIP, images included, and e-mails them", async () => {
    const ada = await signUp(
      t,
      { firstName: "Ada", lastName: "Export" },
      { isArtist: true, bio: "Paints harbours.", payoutStatus: "active" },
    );
    const collector = await createUser(t.db);
    const work = await createArtwork(t.db, { artistId: ada.id, imageCount: 0, title: "Harbour" });
    const image = await storeWorkImage(t, work.id, 0);
    // The factory's image points at a file that is not in storage: named as missing.
    const other = await createArtwork(t.db, { artistId: ada.id, imageCount: 1 });
    const sold = await createArtwork(t.db, { artistId: ada.id, ownerId: collector.id });
    const sale = await createOrder(t.db, {
      artworkId: sold.id,
      purchaserId: collector.id,
      status: "completed",
    });
    await t.db.insert(reviews).values({
      orderId: sale.id,
      artistId: ada.id,
      buyerId: collector.id,
      artworkTitle: "Sold one",
      rating: 4,
      body: "Lovely harbour.",
      reply: "Thank you!",
      repliedAt: clock.now(),
    });
    const bought = await createArtwork(t.db, { artistId: collector.id, ownerId: ada.id });
    const purchase = await createOrder(t.db, {
      artworkId: bought.id,
      purchaserId: ada.id,
      title: "Bought one",
    });
    // A return of her sale (with the buyer's photo, really in storage, and one whose file
    // is gone), one she asked for as buyer, and one between others that is not hers.
    const at = clock.now();
    const [saleReturn] = await t.db
      .insert(orderReturns)
      .values({
        orderId: sale.id,
        fromStatus: "completed",
        reason: "The frame arrived cracked.",
        requestedAt: at,
        decision: "accepted",
        decidedByRole: "artist",
        decidedAt: at,
        returnAddress: "1 Harbour Rd, Albany",
        carrier: "UPS",
        trackingNumber: "1Z999",
        shippedAt: at,
      })
      .returning();
    const [purchaseReturn] = await t.db
      .insert(orderReturns)
      .values({
        orderId: purchase.id,
        fromStatus: "delivered",
        reason: "Not the colour shown.",
        requestedAt: at,
      })
      .returning();
    const strangers = await createOrder(t.db, {
      artworkId: (await createArtwork(t.db, { artistId: collector.id })).id,
      purchaserId: (await createUser(t.db)).id,
    });
    await t.db.insert(orderReturns).values({
      orderId: strangers.id,
      fromStatus: "delivered",
      reason: "Someone else's return.",
      requestedAt: at,
    });
    const photoBytes = Buffer.from("a return photo");
    const photoKey = "returns/test-photo-original.jpg";
    const { url: photoUrl } = await t.services.storage.put(photoKey, photoBytes, "image/jpeg");
    const photoRow = {
      uploaderId: collector.id,
      returnId: saleReturn!.id,
      mediumKey: photoKey,
      thumbnailKey: photoKey,
      original: photoUrl,
      medium: photoUrl,
      thumbnail: photoUrl,
      width: 40,
      height: 30,
    };
    await t.db.insert(returnImages).values([
      { ...photoRow, position: 0, originalKey: photoKey },
      { ...photoRow, position: 1, originalKey: "returns/gone-original.jpg" },
    ]);
    // Reports she made, signed in and as a guest from her address, one by someone else,
    // and the team's decision on her work with her appeal.
    const [decision] = await t.db
      .insert(listingDecisions)
      .values({
        artworkId: other.id,
        outcome: "taken_down",
        ground: "not_original",
        explanation: "A copy of another painting.",
        decidedAt: at,
        appeal: "It is my own work.",
        appealedAt: at,
      })
      .returning();
    const strangerWork = await createArtwork(t.db, { artistId: collector.id, title: "Copy" });
    await t.db.insert(listingReports).values([
      {
        artworkId: bought.id,
        reporterId: ada.id,
        reporterEmail: ada.email.toLowerCase(),
        reason: "misleading",
        explanation: "The size is wrong.",
        createdAt: new Date(at.getTime() - 2000),
      },
      {
        artworkId: strangerWork.id,
        reporterEmail: ada.email.toLowerCase(),
        reason: "not_original",
        explanation: "Reported as a guest.",
        createdAt: new Date(at.getTime() - 1000),
      },
      {
        artworkId: other.id,
        reporterId: collector.id,
        reporterEmail: "collector-report@example.com",
        reason: "not_original",
        explanation: "Looks copied.",
        status: "taken_down",
        decisionId: decision!.id,
      },
    ]);
    await seedOpenOffer(t.db, {
      artworkId: other.id,
      artistId: ada.id,
      buyerId: collector.id,
      buyerEmail: "c@example.com",
    });
    await seedConversation(t.db, {
      buyerId: collector.id,
      artistId: ada.id,
      artworkId: work.id,
      bodies: ["Is it still available?", "It is."],
    });
    await t.db.insert(savedWorks).values({ userId: ada.id, artworkId: bought.id });

    const queued = await request(ada);
    expect(queued).toMatchObject({ status: "queued", downloadUrl: null });
    await t.services.dataRights.exports.run();
    const ready = await current(ada);
    expect(ready).toMatchObject({ id: queued.id, status: "ready", progress: 100 });
    expect(ready!.expiresAt).toBe(new Date(clock.now().getTime() + 7 * 86_400_000).toISOString());

    const response = await download(ada, ready!.downloadUrl!);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const zip = await readZip(Buffer.from(await response.arrayBuffer()));
    expect([...zip.keys()].sort()).toEqual(
      [
        "README.txt",
        "profile.json",
        "listings.json",
        "orders.json",
        "offers.json",
        "conversations.json",
        "messages.json",
        "saved-works.json",
        "follows.json",
        "alerts.json",
        "reviews.json",
        "returns.json",
        "listing-reports.json",
        `images/${work.id}/1.jpg`,
        `return-photos/${saleReturn!.id}/1.jpg`,
        "images-missing.json",
      ].sort(),
    );
    const readme = zip.get("README.txt")!.toString("utf8");
    for (const name of [
      "profile.json",
      "messages.json",
      "alerts.json",
      "returns.json",
      "listing-reports.json",
      "images/",
      "return-photos/",
    ]) {
      expect(readme).toContain(name);
    }
    const json = (name: string) => JSON.parse(zip.get(name)!.toString("utf8")) as unknown;
    expect(json("profile.json")).toMatchObject({
      id: ada.id,
      email: ada.email,
      bio: "Paints harbours.",
    });
    expect((json("profile.json") as { devices: unknown[] }).devices).toHaveLength(1);
    expect(json("reviews.json")).toMatchObject({
      written: [],
      received: [{ orderId: sale.id, rating: 4, body: "Lovely harbour.", reply: "Thank you!" }],
      reportsMade: [],
    });
    const listings = json("listings.json") as { id: string; images: { file: string }[] }[];
    expect(listings.map((l) => l.id).sort()).toEqual(
      [work.id, other.id, sold.id, bought.id].filter((id) => id !== bought.id).sort(),
    );
    expect(listings.find((l) => l.id === work.id)!.images).toEqual([
      { file: `images/${work.id}/1.jpg`, width: null, height: null },
    ]);
    expect(zip.get(`images/${work.id}/1.jpg`)!.equals(image.bytes)).toBe(true);
    expect((json("images-missing.json") as { file: string }[]).map((m) => m.file).sort()).toEqual(
      [
        `images/${other.id}/1.jpg`,
        `images/${sold.id}/1.jpg`,
        `return-photos/${saleReturn!.id}/2.jpg`,
      ].sort(),
    );
    const returns = json("returns.json") as { id: string }[];
    expect(returns.map((r) => r.id).sort()).toEqual([saleReturn!.id, purchaseReturn!.id].sort());
    expect(returns.find((r) => r.id === saleReturn!.id)).toMatchObject({
      orderId: sale.id,
      role: "seller",
      reason: "The frame arrived cracked.",
      status: "sent back",
      decision: "accepted",
      returnAddress: "1 Harbour Rd, Albany",
      carrier: "UPS",
      trackingNumber: "1Z999",
      requestedAt: at.toISOString(),
      shippedAt: at.toISOString(),
      photos: [
        { file: `return-photos/${saleReturn!.id}/1.jpg`, width: 40, height: 30 },
        { file: `return-photos/${saleReturn!.id}/2.jpg`, width: 40, height: 30 },
      ],
    });
    expect(returns.find((r) => r.id === purchaseReturn!.id)).toMatchObject({
      orderId: purchase.id,
      role: "buyer",
      reason: "Not the colour shown.",
      status: "requested",
      photos: [],
    });
    expect(zip.get(`return-photos/${saleReturn!.id}/1.jpg`)!.equals(photoBytes)).toBe(true);
    const reports = json("listing-reports.json") as {
      reportsMade: { artworkId: string }[];
      decisionsOnYourWorks: unknown[];
    };
    expect(reports.reportsMade).toEqual([
      expect.objectContaining({
        artworkId: bought.id,
        reason: "misleading",
        explanation: "The size is wrong.",
        status: "open",
      }),
      expect.objectContaining({ artworkId: strangerWork.id, explanation: "Reported as a guest." }),
    ]);
    expect(reports.decisionsOnYourWorks).toEqual([
      expect.objectContaining({
        id: decision!.id,
        artworkId: other.id,
        outcome: "taken_down",
        explanation: "A copy of another painting.",
        appeal: "It is my own work.",
        appealedAt: at.toISOString(),
      }),
    ]);
    // Who reported her work is not hers to see.
    expect(zip.get("listing-reports.json")!.toString("utf8")).not.toContain(
      "collector-report@example.com",
    );
    expect((json("orders.json") as { title: string }[]).map((o) => o.title).sort()).toEqual(
      ["A sold work", "Bought one"].sort(),
    );
    expect(json("offers.json")).toHaveLength(1);
    expect(
      (json("messages.json") as { body: string; mine: boolean }[]).map((m) => [m.body, m.mine]),
    ).toEqual([
      ["Is it still available?", false],
      ["It is.", true],
    ]);
    expect(json("conversations.json")).toHaveLength(1);
    expect(json("saved-works.json")).toEqual([expect.objectContaining({ artworkId: bought.id })]);

    const mails = await t.db.select().from(outbox).where(eq(outbox.recipient, ada.email));
    expect(mails.filter((m) => m.kind === "data-export-ready")).toHaveLength(1);
  });

  it("is downloadable only by its owner, signed in", async () => {
    const ada = await signUp(t);
    const eve = await signUp(t);
    const made = await request(ada);
    await t.services.dataRights.exports.run();
    const url = `/api/me/data-export/${made.id}/download`;
    expect((await download(undefined, url)).status).toBe(401);
    const refused = await download(eve, url);
    expect(refused.status).toBe(404);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      dataRightsMessages.exportNotFound,
    );
    expect((await download(eve, "/api/me/data-export/not-a-uuid/download")).status).toBe(404);
    // The file is not served as media either, whatever its name.
    const [row] = await t.db.select().from(dataExports).where(eq(dataExports.id, made.id));
    expect(row!.storageKey!.startsWith("private/")).toBe(true);
    expect((await send(t, ada, "GET", `/media/${row!.storageKey}`)).status).toBe(404);
    expect((await download(ada, url)).status).toBe(200);
  });

  it("answers every data-rights route 401 when signed out", async () => {
    for (const [method, url] of [
      ["GET", "/api/me/data-export"],
      ["POST", "/api/me/data-export"],
      ["GET", "/api/me/data-export/00000000-0000-4000-8000-000000000000/download"],
      ["GET", "/api/me/account/closure"],
      ["POST", "/api/me/account/close"],
    ] as const) {
      const body = method === "POST" ? { password: "secret-123" } : undefined;
      const refused = await send(t, undefined, method, url, body);
      expect(refused.status, url).toBe(401);
      expect(await refused.json()).toEqual({
        error: { code: "UNAUTHENTICATED", message: dataRightsMessages.signIn },
      });
    }
    expect(await t.db.select().from(dataExports)).toEqual([]);
  });

  it("makes one export of a double submit", async () => {
    const ada = await signUp(t);
    const [a, b] = await Promise.all([request(ada), request(ada)]);
    expect(a.id).toBe(b.id);
    const rows = await t.db.select().from(dataExports).where(eq(dataExports.userId, ada.id));
    expect(rows).toHaveLength(1);
    // The request started a build; it ends before the next test.
    await t.services.dataRights.exports.run();
  });

  it("is built once when two servers run at once", async () => {
    const ada = await signUp(t);
    await t.db.insert(dataExports).values({ userId: ada.id, requestedAt: clock.now() });
    const [one, two] = await Promise.all([runDataExports(builder()), runDataExports(builder())]);
    expect(one.built + two.built).toBe(1);
    const [row] = await t.db.select().from(dataExports).where(eq(dataExports.userId, ada.id));
    expect(row).toMatchObject({ status: "ready", attempts: 1 });
  });

  it("is taken over after a crash mid-build, once the builder's lease has lapsed", async () => {
    const ada = await signUp(t);
    await t.db.insert(dataExports).values({ userId: ada.id, requestedAt: clock.now() });
    // A builder claims it and dies: the row says building, with nothing written.
    const crashed = await claimExport(t.db, {
      now: clock.now(),
      leaseMs: EXPORT_LEASE_MS,
      token: "00000000-0000-4000-8000-000000000001",
    });
    expect(crashed).toMatchObject({ status: "building" });
    expect((await runDataExports(builder())).built).toBe(0);
    expect(await current(ada)).toMatchObject({ status: "building", downloadUrl: null });
    clock.advanceMs(EXPORT_LEASE_MS + 1000);
    expect((await runDataExports(builder())).built).toBe(1);
    const [row] = await t.db.select().from(dataExports).where(eq(dataExports.userId, ada.id));
    expect(row).toMatchObject({ status: "ready", attempts: 2 });
    expect((await download(ada, `/api/me/data-export/${row!.id}/download`)).status).toBe(200);
  });

  it("keeps one file per person: a newer export replaces the older one", async () => {
    const ada = await signUp(t);
    const first = await request(ada);
    await t.services.dataRights.exports.run();
    const [firstRow] = await t.db.select().from(dataExports).where(eq(dataExports.id, first.id));
    clock.advanceMs(1000);
    const second = await request(ada);
    await t.services.dataRights.exports.run();
    expect(await current(ada)).toMatchObject({ id: second.id, status: "ready" });
    const [old] = await t.db.select().from(dataExports).where(eq(dataExports.id, first.id));
    expect(old!.status).toBe("expired");
    await expect(t.services.storage.read(firstRow!.storageKey!)).rejects.toThrow();
    expect((await download(ada, `/api/me/data-export/${first.id}/download`)).status).toBe(410);
  });

  it("is deleted 7 days after it is ready", async () => {
    const ada = await signUp(t);
    const made = await request(ada);
    await t.services.dataRights.exports.run();
    const [row] = await t.db.select().from(dataExports).where(eq(dataExports.id, made.id));
    await expect(t.services.storage.read(row!.storageKey!)).resolves.toBeDefined();
    clock.advanceDays(7);
    clock.advanceMs(1000);
    // Past its day, it is expired to the person before the timer has deleted it.
    expect(await current(ada)).toMatchObject({ status: "expired", downloadUrl: null });
    expect((await download(ada, `/api/me/data-export/${made.id}/download`)).status).toBe(410);
    const { expired } = await runDataExports(builder());
    expect(expired).toBe(1);
    expect(await current(ada)).toMatchObject({ status: "expired", downloadUrl: null });
    await expect(t.services.storage.read(row!.storageKey!)).rejects.toThrow();
    const gone = await download(ada, `/api/me/data-export/${made.id}/download`);
    expect(gone.status).toBe(410);
    // And the person may ask again.
    expect((await request(ada)).status).toBe("queued");
    await t.services.dataRights.exports.run();
  });
});

describe("download my data when storage fails", () => {
  const tinyDisk = mkdtempSync(path.join(tmpdir(), "vernissage-export-full-"));
  let mounted = false;
  beforeAll(() => {
    try {
      execFileSync("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", tinyDisk], {
        stdio: "ignore",
      });
      mounted = true;
    } catch {
      console.warn("the full-disk export test is skipped: mounting a tmpfs is not permitted");
    }
  });
  afterAll(() => {
    if (mounted) execFileSync("umount", [tinyDisk], { stdio: "ignore" });
    rmSync(tinyDisk, { recursive: true, force: true });
  });

  it("marks the export failed with a clear message on a full disk; asking again works", async () => {
    if (!mounted) return;
    allowConsoleError();
    const ada = await signUp(t, {}, { isArtist: true });
    const work = await createArtwork(t.db, { artistId: ada.id, imageCount: 0 });
    // Random bytes do not compress: 50 images of 2 KiB cannot fit with the rest in 64 KiB.
    for (let i = 0; i < 50; i += 1) await storeWorkImage(t, work.id, i);
    const full = createLocalStorage({ dir: tinyDisk, publicPath: "/media" });
    const storage: StorageAdapter = {
      ...t.services.storage,
      putStream: (key, body, type) => full.putStream(key, body, type),
    };
    // Queued as the request does, without its kick: this server's builder must take it.
    const [made] = await t.db
      .insert(dataExports)
      .values({ userId: ada.id, requestedAt: clock.now() })
      .returning();
    await runDataExports(builder(storage));
    expect(await current(ada)).toMatchObject({
      id: made!.id,
      status: "failed",
      failure: dataRightsMessages.exportStorageFull,
      downloadUrl: null,
    });
    expect(execFileSync("find", [tinyDisk, "-type", "f"]).toString().trim()).toBe("");
    clock.advanceMs(1000);
    const again = await request(ada);
    expect(again.id).not.toBe(made!.id);
    await t.services.dataRights.exports.run();
    expect(await current(ada)).toMatchObject({ id: again.id, status: "ready" });
  });
});
