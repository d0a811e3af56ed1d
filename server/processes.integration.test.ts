import { once } from "node:events";
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { artworks, orders } from "./db/schema";
import { buy } from "./features/purchase/checkout.test-helpers";
import { createArtist, createArtwork } from "./test/factories";
import {
  freePort,
  killAll,
  processClient,
  processDataDir as dataDir,
  sharedPostgresDatabase,
  startServerProcess,
} from "./test/server-process";
import { signUpBody } from "./test/test-app";

/**
 * Several server processes on one PostgreSQL database (decision 0033): what one
 * does, the other sees: a session made on one is good on the other, two buyers of one work
 * on two processes make exactly one sale, and a visitor's kept answer on one ends with a
 * change made through the other. Then WEB_CONCURRENCY: one port, several workers.
 */

const serverUrl = process.env.TEST_DATABASE_URL;
const PUBLIC_URL = "http://localhost:4999";
const SECRET = randomBytes(32).toString("base64url");
// Ports the system hands out (freePort), each free when asked for.
const [portA, portB, portCluster, portRefused] = [
  await freePort(),
  await freePort(),
  await freePort(),
  await freePort(),
];

/** A browser-like client of one process, as behind a load balancer at PUBLIC_URL. */
const clientOf = (port: number, jar?: Map<string, string>) => processClient(port, PUBLIC_URL, jar);

afterAll(() => killAll());

describe("more than one process on the embedded database", () => {
  it("is refused with a clear message", async () => {
    const server = startServerProcess(dataDir(), portRefused, { WEB_CONCURRENCY: "2" });
    const [code] = (await once(server.child, "exit")) as [number];
    expect(code).toBe(1);
    expect(server.output()).toContain("WEB_CONCURRENCY");
    expect(server.output()).toContain("needs DATABASE_URL");
  });
});

describe.skipIf(!serverUrl)("two processes on one PostgreSQL database", () => {
  let database: Awaited<ReturnType<typeof sharedPostgresDatabase>>;
  let databaseUrl: string;
  let handle: typeof database.handle;

  beforeAll(async () => {
    database = await sharedPostgresDatabase(serverUrl!);
    ({ url: databaseUrl, handle } = database);
    const env = {
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: SECRET,
      PUBLIC_URL,
      PAGE_CACHE_MB: "8",
    };
    // One after the other, as the cluster starts its workers.
    await startServerProcess(dataDir(), portA, env).ready;
    await startServerProcess(dataDir(), portB, env).ready;
  }, 60_000);

  afterAll(async () => {
    killAll();
    await database?.drop();
  });

  it("keeps a session made on one process good on the other", async () => {
    const a = clientOf(portA);
    const body = signUpBody();
    expect((await a.post("/api/auth/sign-up/email", body)).status).toBe(200);
    const b = clientOf(portB, a.jar);
    const session = (await (await b.get("/api/session")).json()) as { email: string } | null;
    expect(session?.email).toBe(body.email.toLowerCase());
    // Signed in again on B, signed out on A: B's session ends too.
    const onB = clientOf(portB);
    const signIn = await onB.post("/api/auth/sign-in/email", {
      email: body.email,
      password: body.password,
    });
    expect(signIn.status).toBe(200);
    const onA = clientOf(portA, onB.jar);
    expect((await onA.post("/api/auth/sign-out")).status).toBe(200);
    const after = clientOf(portB, onB.jar);
    expect(await (await after.get("/api/session")).json()).toBeNull();
  });

  it("sells a work once to two buyers on two processes", async () => {
    const artist = await createArtist(handle.db);
    const work = await createArtwork(handle.db, { artistId: artist.id, priceCents: 40_000 });
    const buyers = await Promise.all(
      [portA, portB].map(async (port) => {
        const client = clientOf(port);
        const response = await client.post("/api/auth/sign-up/email", signUpBody());
        expect(response.status).toBe(200);
        return client;
      }),
    );
    const results = await Promise.allSettled(buyers.map((client) => buy(client, work.id)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const sales = await handle.db.select().from(orders).where(eq(orders.artworkId, work.id));
    expect(sales).toHaveLength(1);
    // Both processes tell a visitor the work is sold, whichever kept it before.
    for (const port of [portA, portB]) {
      const read = await fetch(`http://127.0.0.1:${port}/api/artworks/${work.id}`);
      expect(((await read.json()) as { isForSale: boolean }).isForSale).toBe(false);
    }
  });

  it("ends a visitor's kept answer on one process with a change made on the other", async () => {
    const artist = await createArtist(handle.db);
    const work = await createArtwork(handle.db, { artistId: artist.id, priceCents: 10_000 });
    const path = `/api/artworks/${work.id}`;
    const read = (port: number) => fetch(`http://127.0.0.1:${port}${path}`);
    // A process keeps answers under a version only once it has known it for a second
    // (decision 0033): the first read meets the new work's version, the next one keeps.
    await read(portA);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await read(portA);
    const kept = await read(portA);
    expect(kept.headers.get("x-cache")).toBe("HIT");
    await handle.db.update(artworks).set({ priceCents: 12_000 }).where(eq(artworks.id, work.id));
    const fresh = await read(portA);
    expect(fresh.headers.get("x-cache")).toBe("MISS");
    expect(((await fresh.json()) as { price: number }).price).toBe(12_000);
  });

  it("serves from several workers on one port with WEB_CONCURRENCY, and stops them all", async () => {
    const server = startServerProcess(dataDir(), portCluster, {
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: SECRET,
      PUBLIC_URL,
      WEB_CONCURRENCY: "2",
    });
    await server.ready;
    // The primary says it serves once each worker listens; a worker says it is running just
    // after its own listen, in its own process, so either line may come first.
    const announced = () =>
      server.output().includes("serving with 2 processes") &&
      server.output().match(/is running at/g)?.length === 2;
    for (let i = 0; i < 400 && !announced(); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(server.output()).toContain("serving with 2 processes");
    expect(server.output().match(/is running at/g)).toHaveLength(2);
    const client = clientOf(portCluster);
    expect((await client.post("/api/auth/sign-up/email", signUpBody())).status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => client.get("/api/session").then((r) => r.json())),
    );
    expect(answers.every((a) => a !== null)).toBe(true);
    server.child.kill("SIGTERM");
    const [code] = (await once(server.child, "exit")) as [number];
    expect(code).toBe(0);
  }, 120_000);
});
