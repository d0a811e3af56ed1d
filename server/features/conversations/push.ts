import { sql } from "drizzle-orm";
import type pg from "pg";
import type { PushEvent } from "../../../contracts/conversations.contract";
import type { Database } from "../../db/client";
import type { Logger } from "../../logger";

/**
 * Pushes a new message to the tabs its recipient has open (decision 0053). Each process
 * keeps its own listeners in memory, per person. On the embedded database there is one
 * process, so a publish goes straight to them. On PostgreSQL a publish is a NOTIFY, and
 * every process LISTENs on one connection of its own and hands each notice to its
 * listeners: a message sent through one process reaches a tab connected to another, and
 * an open tab costs no database connection. When that connection is down, pushes are
 * lost until it is back (the page still shows everything on reload).
 */
export type PushBus = {
  publish(userId: string, event: PushEvent): Promise<void>;
  /**
   * Calls `listener` for each event pushed to this person, and with null once when the
   * bus closes (the server is stopping: the stream ends); returns the unsubscribe.
   */
  subscribe(userId: string, listener: (event: PushEvent | null) => void): () => void;
  /** How many tabs are listening in this process. */
  listenerCount(): number;
  /** Resolves once pushes from other processes can arrive (at once on one process). */
  ready(): Promise<void>;
  /** Ends every listener (each gets null) and stops listening. */
  close(): Promise<void>;
};

const CHANNEL = "conversation_push";

function listenerRegistry() {
  type Listener = (event: PushEvent | null) => void;
  const byUser = new Map<string, Set<Listener>>();
  return {
    add(userId: string, listener: Listener) {
      const set = byUser.get(userId) ?? new Set();
      set.add(listener);
      byUser.set(userId, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) byUser.delete(userId);
      };
    },
    deliver(userId: string, event: PushEvent) {
      for (const listener of byUser.get(userId) ?? []) listener(event);
    },
    endAll() {
      const all = [...byUser.values()].flatMap((set) => [...set]);
      byUser.clear();
      for (const listener of all) listener(null);
    },
    count() {
      let n = 0;
      for (const set of byUser.values()) n += set.size;
      return n;
    },
  };
}

/** One process: the listeners in memory. */
export function createMemoryBus(): PushBus {
  const listeners = listenerRegistry();
  return {
    publish(userId, event) {
      listeners.deliver(userId, event);
      return Promise.resolve();
    },
    subscribe: (userId, listener) => listeners.add(userId, listener),
    listenerCount: () => listeners.count(),
    ready: () => Promise.resolve(),
    close() {
      listeners.endAll();
      return Promise.resolve();
    },
  };
}

type Notice = { userId: string; event: PushEvent };

function parseNotice(payload: string | undefined): Notice | null {
  try {
    const value = JSON.parse(payload ?? "") as Notice;
    return typeof value?.userId === "string" && value.event?.type === "message" ? value : null;
  } catch {
    return null;
  }
}

/**
 * The bus for this database: on PostgreSQL (which can open a listening connection of its
 * own) the NOTIFY bus, on the embedded database the one in memory.
 */
export function createPushBus(deps: {
  db: Database;
  newListenerClient: (() => pg.Client) | undefined;
  logger: Logger;
}): PushBus {
  const { db, newListenerClient, logger } = deps;
  if (!newListenerClient) return createMemoryBus();
  return createPostgresBus({
    connect: newListenerClient,
    notify: async (channel, payload) => {
      await db.execute(sql`select pg_notify(${channel}, ${payload})`);
    },
    logger,
  });
}

/**
 * Several processes on PostgreSQL. `connect` opens the LISTEN connection (a new pg
 * client); `notify` sends a NOTIFY through the pool. The connection is opened with the
 * first listener and opened again, after a growing pause, when it is lost.
 */
function createPostgresBus(deps: {
  connect: () => pg.Client;
  notify: (channel: string, payload: string) => Promise<void>;
  logger: Logger;
}): PushBus {
  const listeners = listenerRegistry();
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let closed = false;
  let retryMs = 500;
  let retryTimer: NodeJS.Timeout | undefined;

  function scheduleReconnect() {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void ensureListening();
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, 30_000);
  }

  function ensureListening(): Promise<void> {
    if (closed || client) return Promise.resolve();
    connecting ??= (async () => {
      const next = deps.connect();
      next.on("notification", (message) => {
        const notice = parseNotice(message.payload);
        if (notice) listeners.deliver(notice.userId, notice.event);
      });
      next.on("error", (error) => {
        deps.logger.warn("The push connection to PostgreSQL was lost; reconnecting", { error });
        if (client === next) client = null;
        next.end().catch(() => {});
        scheduleReconnect();
      });
      try {
        await next.connect();
        await next.query(`LISTEN ${CHANNEL}`);
        if (closed) {
          await next.end();
          return;
        }
        client = next;
        retryMs = 500;
      } catch (error) {
        deps.logger.warn("Could not listen for pushed messages; retrying", { error });
        next.end().catch(() => {});
        scheduleReconnect();
      }
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  }

  return {
    async publish(userId, event) {
      await deps.notify(CHANNEL, JSON.stringify({ userId, event } satisfies Notice));
    },
    subscribe(userId, listener) {
      void ensureListening();
      return listeners.add(userId, listener);
    },
    listenerCount: () => listeners.count(),
    ready: () => ensureListening(),
    async close() {
      closed = true;
      listeners.endAll();
      clearTimeout(retryTimer);
      await connecting;
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
