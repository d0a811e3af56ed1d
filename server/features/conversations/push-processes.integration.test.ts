import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pushEventSchema } from "../../../contracts/conversations.contract";
import { queryRows } from "../../db/rows";
import { users } from "../../db/schema";
import { createArtwork } from "../../test/factories";
import {
  freePort,
  killAll,
  processClient,
  processDataDir as dataDir,
  sharedPostgresDatabase,
  startServerProcess,
} from "../../test/server-process";
import { signUpBody } from "../../test/test-app";

/**
 * Pushed messages across two server processes on one PostgreSQL database: a message sent
 * through one reaches a reader connected to the other (NOTIFY, and each process LISTENs
 * on one connection of its own), also after that connection was lost and opened again.
 */

const serverUrl = process.env.TEST_DATABASE_URL;
const PUBLIC_URL = "http://localhost:4999";
const SECRET = randomBytes(32).toString("base64url");

/** A browser-like client of one process, as behind a load balancer at PUBLIC_URL. */
const clientOf = (port: number, jar?: Map<string, string>) => processClient(port, PUBLIC_URL, jar);

async function until<T>(what: string, read: () => T | Promise<T>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The push stream of the person signed in with `jar`, on the process at `port`. */
async function openStream(port: number, jar: Map<string, string>) {
  const abort = new AbortController();
  const response = await fetch(`http://127.0.0.1:${port}/api/me/conversations/stream`, {
    headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") },
    signal: abort.signal,
  });
  expect(response.status).toBe(200);
  let text = "";
  void (async () => {
    const decoder = new TextDecoder();
    const reader = response.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  })().catch(() => undefined);
  /** The data of each `message` event received so far. */
  const events = () =>
    [...text.matchAll(/^event: message\ndata: (.*)$/gm)].map((m) =>
      pushEventSchema.parse(JSON.parse(m[1]!)),
    );
  await until("the stream's ready event", () => text.includes("event: ready"));
  return { events, close: () => abort.abort() };
}

afterAll(() => killAll());

describe.skipIf(!serverUrl)("pushed messages across two processes on PostgreSQL", () => {
  let database: Awaited<ReturnType<typeof sharedPostgresDatabase>>;
  let handle: typeof database.handle;
  const ports = { a: 0, b: 0 };

  /** The backends of this database whose last statement was LISTEN (one per listening process). */
  async function listeners() {
    const rows = await queryRows<{ pid: number }>(
      handle.db,
      sql`select pid from pg_stat_activity
          where datname = current_database() and query ilike 'listen%'`,
    );
    return rows.map((row) => row.pid);
  }

  beforeAll(async () => {
    database = await sharedPostgresDatabase(serverUrl!);
    handle = database.handle;
    ports.a = await freePort();
    ports.b = await freePort();
    const env = { DATABASE_URL: database.url, SESSION_SECRET: SECRET, PUBLIC_URL };
    await startServerProcess(dataDir(), ports.a, env).ready;
    await startServerProcess(dataDir(), ports.b, env).ready;
  }, 60_000);

  afterAll(async () => {
    killAll();
    await database?.drop();
  });

  it("pushes a message sent through one process to a reader on the other, also after the LISTEN connection was lost", async () => {
    const buyer = clientOf(ports.a);
    expect((await buyer.post("/api/auth/sign-up/email", signUpBody())).status).toBe(200);
    const artistClient = clientOf(ports.a);
    const artistBody = signUpBody({ firstName: "Ines", lastName: "Artist" });
    expect((await artistClient.post("/api/auth/sign-up/email", artistBody)).status).toBe(200);
    const [artist] = await handle.db
      .update(users)
      .set({ isArtist: true, payoutStatus: "active", payoutAccountId: "acct_push" })
      .where(eq(users.email, artistBody.email.toLowerCase()))
      .returning({ id: users.id });
    const work = await createArtwork(handle.db, { artistId: artist!.id });

    // The artist's tab is connected to B, which listens from its first reader on.
    const stream = await openStream(ports.b, artistClient.jar);
    const [listener] = await until("B's LISTEN connection", async () => {
      const pids = await listeners();
      return pids.length === 1 ? pids : null;
    });

    const asked = await buyer.post("/api/me/conversations", {
      artworkId: work.id,
      body: "Is it framed?",
      imageIds: [],
    });
    expect(asked.status).toBe(201);
    const { conversationId } = (await asked.json()) as { conversationId: string };
    const [first] = await until("the first push on B", () =>
      stream.events().length ? stream.events() : null,
    );
    expect(first).toEqual({ type: "message", conversationId, unread: 1 });

    // The LISTEN connection is cut: B opens another and pushes arrive again.
    await queryRows(handle.db, sql`select pg_terminate_backend(${listener})`);
    await until("B's new LISTEN connection", async () => {
      const pids = await listeners();
      return pids.length === 1 && pids[0] !== listener;
    });
    const again = await buyer.post(`/api/me/conversations/${conversationId}/messages`, {
      body: "And could you ship it to Lisbon?",
      imageIds: [],
    });
    expect(again.status).toBe(201);
    const events = await until("the second push on B", () =>
      stream.events().length === 2 ? stream.events() : null,
    );
    expect(events[1]).toEqual({ type: "message", conversationId, unread: 2 });
    stream.close();
  }, 60_000);
});
