/**
 * Request fuzzer (`npm run fuzz`): a bounded stream of malformed requests at every
 * route in docs/api.md and at the page forms, as a signed-out visitor, the demo
 * collector and the demo artist. It starts the built server (`npm run build`) on a
 * loopback port with a fresh data folder, sends at most 10,000 requests (or stops
 * after --seconds), prints the answers counted by status, and fails when any answer
 * is a 5xx, a request hangs, the server dies, or fewer requests than SIGNED_IN_FLOOR
 * (bench/signed-in-share.ts) reached the server signed in. Nothing leaves this machine.
 *
 *   npm run fuzz -- [--requests 10000] [--seconds 600] [--seed 1]
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  fuzzBody,
  fuzzQuery,
  fuzzSegment,
  type FuzzBody,
  type Random,
  random,
} from "./fuzz-values";
import { type KnownIds, mutateOneField, validBody } from "./fuzz-bodies";
import { startBuiltServer } from "./built-server";
import { freePort } from "./free-port";
import { machineLines } from "./report";
import { SIGNED_IN_FLOOR, createSessionTally, signedInVerdict } from "./signed-in-share";

type SessionTally = ReturnType<typeof createSessionTally>;

const MAX_REQUESTS = 10_000;
const CONCURRENCY = 4;
const REQUEST_TIMEOUT_MS = 15_000;
const PASSWORD = "vernissage-demo";
/** A signed-in identity's session is probed after this many answers not yet proven. */
const PROBE_EVERY = 5;
/**
 * The fuzzer's own sign-ins come from this address (the server trusts one proxy here), so
 * the fuzzed sign-ins from 127.0.0.1 do not use up the per-address sign-in limit it needs.
 */
const HARNESS_ADDRESS = "192.0.2.1";

type Route = { method: string; path: string; fields: string[] };
type Identity = {
  name: "signed-out" | "collector" | "artist";
  email?: string;
  cookie: string;
  /** A new session being signed in after the last one ended; requests wait for it. */
  renewing?: Promise<void>;
  renewals: number;
};
type Finding = { status: string; identity: string; route: string; sent: string };

function argument(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

/**
 * Every `METHOD /api/...` that docs/api.md names, with the body fields it lists: in
 * the same table cell (`{ a, b? }`), or in its section's "Body `{ … }`" or JSON example.
 */
export function documentedRoutes(markdown: string): Route[] {
  const routes = new Map<string, Route>();
  const pattern = /`(GET|POST|PUT|PATCH|DELETE) (\/api\/[^\s`?]+)[^`]*`(?: `\{([^`]*)\}`)?/g;
  for (const match of markdown.matchAll(pattern)) {
    const [, method = "", routePath = "", inline] = match;
    const section = inline ?? sectionAfter(markdown, match.index);
    const fields = [
      ...section.matchAll(/(?:^|[{,\n])\s*"?([A-Za-z_]\w*)"?\??\s*(?=[:,}\n]|$)/g),
    ].map((m) => m[1] ?? "");
    const key = `${method} ${routePath}`;
    const known = routes.get(key);
    routes.set(key, {
      method,
      path: routePath,
      fields: [...new Set([...(known?.fields ?? []), ...fields])],
    });
  }
  // "Any subset of the keys above": an edit takes the fields of the create.
  for (const route of routes.values()) {
    if (route.method !== "PATCH" || route.fields.length) continue;
    route.fields = routes.get(`POST ${route.path.replace(/\/:\w+$/, "")}`)?.fields ?? [];
  }
  return [...routes.values()];
}

/** The body described under a `### METHOD /api/...` heading, up to the next heading. */
function sectionAfter(markdown: string, index: number): string {
  const lineStart = markdown.lastIndexOf("\n", index) + 1;
  if (!markdown.startsWith("#", lineStart)) return "";
  const rest = markdown.slice(index);
  const end = rest.slice(1).search(/\n#/);
  const section = end >= 0 ? rest.slice(0, end + 1) : rest;
  const body = /Body\s+`\{([^`]*)\}`/.exec(section)?.[1];
  if (body) return body;
  return /```json\n([\s\S]*?)```/.exec(section)?.[1] ?? "";
}

/** The page forms that take a POST (React Router actions). */
const PAGE_FORMS: Route[] = [
  { method: "POST", path: "/signin", fields: ["email", "password", "intent"] },
  {
    method: "POST",
    path: "/signup",
    fields: ["firstName", "lastName", "email", "password", "occupation", "acceptTerms"],
  },
  { method: "POST", path: "/reset-password", fields: ["token", "newPassword"] },
  { method: "POST", path: "/profile", fields: ["intent", "firstName", "bio", "birthYear"] },
  { method: "POST", path: "/collect", fields: ["intent", "id", "next"] },
];

async function signIn(base: string, email: string): Promise<string> {
  for (let attempt = 1; ; attempt += 1) {
    const response = await fetch(`${base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: base,
        "x-forwarded-for": HARNESS_ADDRESS,
      },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    if (response.ok) {
      return response.headers
        .getSetCookie()
        .map((cookie) => cookie.split(";")[0])
        .join("; ");
    }
    if (response.status !== 429 || attempt >= 4)
      throw new Error(`sign-in as ${email} failed: ${response.status}`);
    await new Promise((resolve) => setTimeout(resolve, 20_000));
  }
}

async function hasSession(base: string, cookie: string): Promise<boolean> {
  const response = await fetch(`${base}/api/session`, { headers: { cookie } });
  return response.ok && (await response.json()) !== null;
}

/**
 * A signed-in identity's session ends when the fuzzer sends it to `POST /api/auth/sign-out`
 * (or anything else that ends sessions): every later request of that identity would be a
 * 401 that never reaches the code behind sign-in. After a 401, and after every few
 * answers, the fuzzer asks `/api/session`: a live session proves the answers before it
 * (the tally), an ended one is replaced by a new sign-in. The identity's other requests
 * wait for both.
 */
async function keepSignedIn(base: string, identity: Identity, tally: SessionTally): Promise<void> {
  if (!identity.email || identity.renewing) return identity.renewing;
  const email = identity.email;
  const used = identity.cookie;
  identity.renewing = (async () => {
    const before = tally.unconfirmed(used);
    const alive = await hasSession(base, used);
    tally.probed(used, before, alive);
    if (alive) return;
    identity.cookie = await signIn(base, email);
    identity.renewals += 1;
  })().finally(() => {
    identity.renewing = undefined;
  });
  return identity.renewing;
}

/** Real ids to put into paths and bodies, so that requests reach the code behind the 404s. */
async function knownIds(base: string, cookie: string): Promise<KnownIds> {
  const read = (address: string) =>
    fetch(`${base}${address}`, { headers: { cookie } }).then((r) => r.json() as Promise<unknown>);
  const search = (await read("/api/artworks/search?hitsPerPage=20")) as {
    hits: { id: string; artistId?: string }[];
  };
  const session = (await read("/api/session")) as { id: string } | null;
  const exhibitions = (await read("/api/exhibitions")) as { id: string }[];
  const categories = (await read("/api/categories")) as { id: string }[];
  const artworks = search.hits.map((hit) => hit.id);
  const people = search.hits.flatMap((hit) => (hit.artistId ? [hit.artistId] : []));
  return {
    artworks,
    categories: categories.map((c) => c.id),
    all: [
      ...artworks,
      ...people,
      ...(session ? [session.id] : []),
      ...exhibitions.map((e) => e.id),
    ],
  };
}

/** Control characters shown as dots, so a finding prints on one line. */
function printable(text: string): string {
  return [...text].map((ch) => (ch.charCodeAt(0) < 32 ? "·" : ch)).join("");
}

/** Half the time a valid body with one field changed, else anything at all. */
function bodyFor(route: Route, rand: Random, ids: KnownIds): FuzzBody {
  const valid = validBody(`${route.method} ${route.path}`, ids, rand);
  if (!valid || rand.chance(0.5)) return fuzzBody(rand, route.fields, ids.all);
  const mutated = mutateOneField(valid, rand, ids.all);
  if (!route.path.startsWith("/api/")) {
    const form = new URLSearchParams();
    for (const [name, value] of Object.entries(mutated)) form.set(name, String(value));
    return {
      kind: "form-1-field",
      contentType: "application/x-www-form-urlencoded",
      payload: form.toString(),
    };
  }
  return {
    kind: "json-1-field",
    contentType: "application/json",
    payload: JSON.stringify(mutated),
  };
}

function describe(body: FuzzBody): string {
  const text = typeof body.payload === "string" ? body.payload : `<${body.payload.size} bytes>`;
  return `${body.kind} ${body.contentType ?? "-"} ${text.length > 120 ? `${text.slice(0, 120)}…(${text.length})` : text}`;
}

async function send(
  base: string,
  route: Route,
  identity: Identity,
  rand: Random,
  ids: KnownIds,
): Promise<{ status: string; sent: string }> {
  const routePath = route.path.replace(/:\w+/g, () => fuzzSegment(rand, ids.all));
  const query = route.method === "GET" || rand.chance(0.2) ? fuzzQuery(rand) : "";
  const body =
    route.method === "GET" || route.method === "DELETE" ? null : bodyFor(route, rand, ids);
  const headers: Record<string, string> = {};
  if (identity.cookie) headers.cookie = identity.cookie;
  if (body?.contentType) headers["content-type"] = body.contentType;
  // Mostly same-site (the origin guard would refuse everything else before any code runs).
  headers.origin = rand.chance(0.95) ? base : "https://evil.example";
  const sent = `${route.method} ${routePath}${query} ${body ? describe(body) : ""}`;
  try {
    const response = await fetch(`${base}${routePath}${query}`, {
      method: route.method,
      headers,
      body: body ? body.payload : undefined,
      redirect: "manual",
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    await response.arrayBuffer().catch(() => undefined);
    return { status: String(response.status), sent };
  } catch (error) {
    const name = error instanceof Error ? error.name : "Error";
    if (name === "TimeoutError") return { status: "timeout", sent };
    const cause =
      error instanceof Error ? (error.cause as { code?: string } | undefined) : undefined;
    return { status: `connection error ${cause?.code ?? ""}`.trim(), sent };
  }
}

async function main() {
  const requests = Math.min(MAX_REQUESTS, argument("requests", MAX_REQUESTS));
  const seconds = argument("seconds", 600);
  const seed = argument("seed", 1);
  const routes = [...documentedRoutes(readFileSync("docs/api.md", "utf8")), ...PAGE_FORMS];
  console.log(machineLines().join("\n"));
  console.log(`routes: ${routes.length} (${routes.length - PAGE_FORMS.length} from docs/api.md)`);
  const dataDir = mkdtempSync(path.join(tmpdir(), "vernissage-fuzz-"));
  // One trusted proxy, so that the fuzzer's own sign-ins can come from HARNESS_ADDRESS.
  const server = await startBuiltServer(await freePort(), dataDir, { TRUST_PROXY: "1" }).catch(
    (error: unknown) => {
      rmSync(dataDir, { recursive: true, force: true });
      throw error;
    },
  );
  let exitCode = 0;
  try {
    const identities: Identity[] = [
      { name: "signed-out", cookie: "", renewals: 0 },
      { name: "collector", email: "collector@demo.vernissage.test", cookie: "", renewals: 0 },
      { name: "artist", email: "artist@demo.vernissage.test", cookie: "", renewals: 0 },
    ];
    for (const identity of identities) {
      if (identity.email) identity.cookie = await signIn(server.base, identity.email);
    }
    const ids = await knownIds(server.base, identities[2]?.cookie ?? "");
    const rand = random(seed);
    const counts = new Map<string, number>();
    const findings: Finding[] = [];
    const stopAt = Date.now() + seconds * 1000;
    const tally = createSessionTally();
    let sent = 0;
    async function worker() {
      while (sent < requests && Date.now() < stopAt) {
        sent += 1;
        const route = rand.pick(routes);
        const identity = rand.pick(identities);
        await identity.renewing;
        const session = identity.cookie;
        const result = await send(server.base, route, identity, rand, ids);
        counts.set(result.status, (counts.get(result.status) ?? 0) + 1);
        if (identity.email) {
          if (result.status !== "401") tally.answered(session);
          if (result.status === "401" || tally.unconfirmed(identity.cookie) >= PROBE_EVERY) {
            await keepSignedIn(server.base, identity, tally);
          }
        }
        if (!/^[1-4]\d\d$/.test(result.status)) {
          findings.push({
            status: result.status,
            identity: identity.name,
            route: `${route.method} ${route.path}`,
            sent: result.sent,
          });
        }
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, () => worker()));
    // The last answers of each session, proven (or not) by one more probe.
    for (const identity of identities) {
      await identity.renewing;
      if (!identity.email) continue;
      const before = tally.unconfirmed(identity.cookie);
      const alive = await hasSession(server.base, identity.cookie).catch(() => false);
      tally.probed(identity.cookie, before, alive);
    }
    const signedIn = tally.signedIn;
    const alive = await fetch(`${server.base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    console.log(`\nrequests sent: ${sent} (seed ${seed})`);
    for (const [status, n] of [...counts].sort()) console.log(`  ${status}: ${n}`);
    const { share, passes } = signedInVerdict(signedIn, sent);
    console.log(
      `signed in: ${signedIn} of ${sent} (${(share * 100).toFixed(1)} %, floor ${SIGNED_IN_FLOOR * 100} %); ` +
        `sessions signed in again: ${identities.map((i) => `${i.name} ${i.renewals}`).join(", ")}`,
    );
    console.log(`server alive afterwards: ${alive ? "yes" : "NO"}`);
    const logged = server.stderr
      .join("")
      .split("\n")
      .filter((line) => line.includes("unhandled error")).length;
    console.log(`unhandled errors in the server log: ${logged}`);
    const groups = new Map<string, { count: number; sample: string }>();
    for (const finding of findings) {
      const key = `${finding.status} ${finding.route} (as ${finding.identity})`;
      const group = groups.get(key) ?? { count: 0, sample: finding.sent };
      groups.set(key, { ...group, count: group.count + 1 });
    }
    for (const [key, group] of [...groups].sort((a, b) => b[1].count - a[1].count)) {
      console.log(`  ${group.count} × ${key}, e.g. ${printable(group.sample).slice(0, 160)}`);
    }
    console.log(`\n${sent - findings.length} passed, ${findings.length} failed`);
    if (findings.length > 0 || !alive) exitCode = 1;
    if (!passes) {
      console.log(`FAILED: fewer requests than the floor reached the server signed in`);
      exitCode = 1;
    }
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(exitCode);
}

if (process.argv[1]?.endsWith("fuzz.ts")) await main();
