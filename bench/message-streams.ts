import { serve } from "@hono/node-server";
import { sql } from "drizzle-orm";
import type { Database } from "../server/db/client";
import { queryRows } from "../server/db/rows";
import type { AppServices } from "../server/services";
import { buildServer } from "../server/app";
import { createClient, signUpBody } from "../server/test/test-app";
import { freePort } from "./free-port";

type StreamsResult = {
  streams: number;
  /** Connections to the bench database (all, and those whose last statement was LISTEN). */
  before: Connections;
  withOne: Connections;
  withAll: Connections;
  /** The same after the streams sat idle for `idleMs`. */
  afterIdle: Connections;
  idleMs: number;
  /** Streams that received the one event published after they all were open. */
  delivered: number;
  pushMs: number;
  listenersAfterClose: number;
};

type Connections = { all: number; listening: number };

async function connections(db: Database): Promise<Connections> {
  const [row] = await queryRows<Connections>(
    db,
    sql`select count(*)::int as "all",
          count(*) filter (where query ilike 'listen%')::int as listening
        from pg_stat_activity where datname = current_database() and backend_type = 'client backend'`,
  );
  return row!;
}

/** An open push stream: resolves `ready` on its first event, `next(text)` when `text` arrives. */
function openStream(url: string, cookie: string, signal: AbortSignal) {
  let received = "";
  const waiters: { text: string; resolve: () => void }[] = [];
  const settle = () => {
    for (const waiter of [...waiters]) {
      if (received.includes(waiter.text)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  };
  const until = (text: string) =>
    new Promise<void>((resolve) => {
      waiters.push({ text, resolve });
      settle();
    });
  void (async () => {
    const response = await fetch(url, { headers: { cookie }, signal });
    if (response.status !== 200 || !response.body) {
      throw new Error(`stream answered ${response.status}: ${await response.text()}`);
    }
    const decoder = new TextDecoder();
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += decoder.decode(value, { stream: true });
      settle();
    }
  })().catch((error: unknown) => {
    if (!signal.aborted) console.error("a stream failed:", error);
  });
  return { ready: until("event: ready"), until };
}

/**
 * `streams` push streams (GET /api/me/conversations/stream) of one signed-in person open
 * against a real HTTP server of `services` on PostgreSQL, and the connections to the
 * database counted with none, one and all of them open: one LISTEN connection per
 * process, whatever the number of open tabs. Then one event published reaches every stream.
 */
export async function measureStreams(
  services: AppServices,
  db: Database,
  origin: string,
  streams: number,
  // Longer than the pool keeps an idle connection (10 s): what an idle tab costs.
  idleMs = 15_000,
): Promise<StreamsResult> {
  const app = buildServer({ services });
  const port = await freePort();
  const server = serve({ fetch: app.fetch, port, hostname: "127.0.0.1" });
  await new Promise<void>((resolve, reject) => {
    server.once("listening", () => resolve());
    server.once("error", reject);
  });
  const abort = new AbortController();
  try {
    const client = createClient(app, origin);
    const signUp = signUpBody({ firstName: "Stream", lastName: "Reader" });
    const response = await client.post("/api/auth/sign-up/email", signUp);
    if (response.status !== 200) throw new Error(`sign-up: ${response.status}`);
    const cookie = [...client.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const [viewer] = await queryRows<{ id: string }>(
      db,
      sql`select id from users where email = ${signUp.email}`,
    );
    const url = `http://127.0.0.1:${port}/api/me/conversations/stream`;

    const before = await connections(db);
    const first = openStream(url, cookie, abort.signal);
    await first.ready;
    await services.conversations.bus.ready();
    const withOne = await connections(db);
    const rest = Array.from({ length: streams - 1 }, () => openStream(url, cookie, abort.signal));
    await Promise.all(rest.map((s) => s.ready));
    const withAll = await connections(db);
    await new Promise((resolve) => setTimeout(resolve, idleMs));
    const afterIdle = await connections(db);

    const all = [first, ...rest];
    const pushStart = performance.now();
    const arrived = all.map((s) => s.until('"conversationId":"bench-push"'));
    await services.conversations.bus.publish(viewer!.id, {
      type: "message",
      conversationId: "bench-push",
      unread: 1,
    });
    let delivered = 0;
    await Promise.race([
      Promise.all(arrived.map((p) => p.then(() => delivered++))),
      new Promise((resolve) => setTimeout(resolve, 10_000)),
    ]);
    const pushMs = performance.now() - pushStart;

    abort.abort();
    // The server notices the closed streams and lets go of their listeners.
    for (let i = 0; i < 50 && services.conversations.bus.listenerCount() > 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return {
      streams,
      before,
      withOne,
      withAll,
      afterIdle,
      idleMs,
      delivered,
      pushMs,
      listenersAfterClose: services.conversations.bus.listenerCount(),
    };
  } finally {
    abort.abort();
    server.close();
    if ("closeAllConnections" in server) server.closeAllConnections();
  }
}
