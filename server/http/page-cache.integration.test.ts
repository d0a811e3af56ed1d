import { eq } from "drizzle-orm";
import { isbot } from "isbot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../app";
import { artworks, follows } from "../db/schema";
import { buy } from "../features/purchase/checkout.test-helpers";
import { type Member, signUp } from "../features/profiles/profiles.test-helpers";
import { createArtist, createArtwork } from "../test/factories";
import { type TestApp, createClient, createTestApp } from "../test/test-app";
import type { WebLoadContext } from "../web/load-context";

/**
 * The page cache (decision 0033) with a page renderer that stands in for React
 * Router: the artwork page shows the work's title, price and state, the signed-in person's
 * name, and an inline script with the request's nonce, as the real page does; like
 * app/entry.server.tsx, it answers a crawler with a page of its own.
 */

let t: TestApp;
let artistId: string;
let artworkId: string;
let collector: Member;
let renders = 0;
let clock = Date.now();

async function renderPage(request: Request, context: WebLoadContext): Promise<Response> {
  renders += 1;
  const url = new URL(request.url);
  const viewer = await context.services.auth.getSessionUser(request.headers);
  const who = viewer ? `Signed in as ${viewer.displayName}` : "Sign in";
  const agent = request.headers.get("User-Agent");
  const reader = agent && isbot(agent) ? "<p>whole page for a crawler</p>" : "";
  const script = `<script nonce="${context.nonce}">window.__data = 1</script>`;
  const padding = "<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit.</p>".repeat(30);
  const html = (body: string, init: ResponseInit = {}) =>
    new Response(`<!doctype html><header>${who}</header>${reader}${body}${padding}${script}`, {
      ...init,
      headers: { "Content-Type": "text/html; charset=utf-8", ...init.headers },
    });
  const work = /^\/artwork\/([^/]+)$/.exec(url.pathname);
  if (work?.[1]) {
    const artwork = await context.services.discovery.artwork(work[1], viewer);
    const state = artwork.isForSale ? "For sale" : "Sold";
    return html(`<h1>${artwork.title}</h1><p>$${(artwork.price ?? 0) / 100}</p><p>${state}</p>`);
  }
  if (url.pathname === "/exhibition") {
    return html("<h1>Exhibitions</h1>", { headers: { "Set-Cookie": "seen=1; Path=/" } });
  }
  if (url.pathname === "/collect") {
    return html("<h1>Collect</h1>", { headers: { "Cache-Control": "private, max-age=0" } });
  }
  return html(`<h1>${url.pathname}</h1>`);
}

function appWith(options: { settleMs?: number; maxAgeMs?: number } = {}) {
  return buildServer({
    services: t.services,
    web: { handler: renderPage },
    pageCache: { settleMs: options.settleMs ?? 0, now: () => clock, ...options },
  });
}

let app: ReturnType<typeof appWith>;
const visitor = () => createClient(app, t.config.publicUrl);

/** A request to the page server with the member's session cookie. */
function as(member: Member, path: string, headers: Record<string, string> = {}) {
  const cookie = [...member.client.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  return app.request(path, { headers: { ...headers, cookie } });
}

function nonceInHeader(response: Response) {
  return /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
}
function nonceInBody(text: string) {
  return /nonce="([^"]+)"/.exec(text)?.[1];
}

beforeAll(async () => {
  t = await createTestApp({ PAGE_CACHE_MB: "8" });
  app = appWith();
  const artist = await createArtist(t.db);
  artistId = artist.id;
  artworkId = (await createArtwork(t.db, { artistId, title: "Blue Hour", priceCents: 50_000 })).id;
  collector = await signUp(t, { firstName: "Grace", lastName: "Hopper" });
});
afterAll(() => t.close());

describe("a visitor's page", () => {
  it("is made once and then served from memory, each time with a fresh nonce", async () => {
    const before = renders;
    const first = await visitor().get(`/artwork/${artworkId}`);
    const second = await visitor().get(`/artwork/${artworkId}`);
    expect(first.headers.get("x-cache")).toBe("MISS");
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(renders - before).toBe(1);
    const [a, b] = [await first.text(), await second.text()];
    expect(b).toContain("Blue Hour");
    expect(nonceInBody(a)).toBe(nonceInHeader(first));
    expect(nonceInBody(b)).toBe(nonceInHeader(second));
    expect(nonceInBody(b)).not.toBe(nonceInBody(a));
    expect(b.replace(nonceInBody(b)!, "N")).toBe(a.replace(nonceInBody(a)!, "N"));
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
  });

  it("is read afresh after its maximum age", async () => {
    const path = "/artist/max-age";
    expect((await visitor().get(path)).headers.get("x-cache")).toBe("MISS");
    expect((await visitor().get(path)).headers.get("x-cache")).toBe("HIT");
    clock += 61_000;
    expect((await visitor().get(path)).headers.get("x-cache")).toBe("MISS");
  });

  it("answers HEAD from a kept page, without a body", async () => {
    await visitor().get("/artist/head");
    const head = await app.request("/artist/head", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("x-cache")).toBe("HIT");
    expect(await head.text()).toBe("");
  });

  it("shares one entry between the orders of a query's parameters", async () => {
    await visitor().get("/api/artworks/search?q=blue&hitsPerPage=5");
    const other = await visitor().get("/api/artworks/search?hitsPerPage=5&q=blue");
    expect(other.headers.get("x-cache")).toBe("HIT");
  });

  it("is kept apart from a crawler's page of the same address", async () => {
    const crawler = { "User-Agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" };
    const person = { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/136.0 Safari/537.36" };
    const path = "/artist/crawled";
    const first = await app.request(path, { headers: crawler });
    expect(await first.text()).toContain("whole page for a crawler");
    const mine = await app.request(path, { headers: person });
    expect(mine.headers.get("x-cache")).toBe("MISS");
    expect(await mine.text()).not.toContain("whole page for a crawler");
    const again = await app.request(path, { headers: crawler });
    expect(again.headers.get("x-cache")).toBe("HIT");
    expect(await again.text()).toContain("whole page for a crawler");
    expect((await app.request(path, { headers: person })).headers.get("x-cache")).toBe("HIT");
    // A JSON read is the same for both: one entry.
    const read = "/api/artworks/search?q=crawled";
    expect((await app.request(read, { headers: crawler })).headers.get("x-cache")).toBe("MISS");
    expect((await app.request(read, { headers: person })).headers.get("x-cache")).toBe("HIT");
  });
});

describe("a signed-in person", () => {
  it("never receives a kept page, even one a visitor just had", async () => {
    const path = `/artwork/${artworkId}`;
    await visitor().get(path);
    expect((await visitor().get(path)).headers.get("x-cache")).toBe("HIT");
    const before = renders;
    const mine = await as(collector, path);
    expect(mine.headers.get("x-cache")).toBe("BYPASS");
    expect(await mine.text()).toContain("Signed in as Grace Hopper");
    expect(renders - before).toBe(1);
    // Nor is their page kept for anyone: the visitor's next answer is still the visitor's.
    const next = await visitor().get(path);
    expect(await next.text()).toContain("Sign in</header>");
  });

  it("is not answered from memory with a stale session cookie either", async () => {
    await visitor().get("/artist/stale");
    const response = await app.request("/artist/stale", {
      headers: { cookie: "better-auth.session_token=not-a-session" },
    });
    expect(response.headers.get("x-cache")).toBe("BYPASS");
  });

  it("gets their own API read, not the visitor's kept one", async () => {
    const path = `/api/artworks/${artworkId}`;
    await visitor().get(path);
    expect((await visitor().get(path)).headers.get("x-cache")).toBe("HIT");
    const artist = await signUp(t, {}, { isArtist: true, payoutStatus: "active" });
    const ownId = (await createArtwork(t.db, { artistId: artist.id })).id;
    await visitor().get(`/api/artworks/${ownId}`);
    const own = await as(artist, `/api/artworks/${ownId}`);
    expect(own.headers.get("x-cache")).toBe("BYPASS");
    // The artist's own read has what visitors never get (who owns the work).
    expect(((await own.json()) as { ownerId: string | null }).ownerId).toBe(artist.id);
  });
});

describe("a change visitors can see", () => {
  async function page() {
    const response = await visitor().get(`/artwork/${artworkId}`);
    return { state: response.headers.get("x-cache"), text: await response.text() };
  }

  it("ends the kept page: a new price", async () => {
    await page();
    expect((await page()).state).toBe("HIT");
    await t.db.update(artworks).set({ priceCents: 61_000 }).where(eq(artworks.id, artworkId));
    const after = await page();
    expect(after.state).toBe("MISS");
    expect(after.text).toContain("$610");
  });

  it("ends the kept search: a new listing", async () => {
    const path = "/api/artworks/search?q=Zanzibar";
    const before = (await (await visitor().get(path)).json()) as { nbHits: number };
    expect((await visitor().get(path)).headers.get("x-cache")).toBe("HIT");
    await createArtwork(t.db, { artistId, title: "Zanzibar at noon" });
    const after = await visitor().get(path);
    expect(after.headers.get("x-cache")).toBe("MISS");
    expect(((await after.json()) as { nbHits: number }).nbHits).toBe(before.nbHits + 1);
  });

  it("ends the kept page: a sale", async () => {
    const sold = await createArtwork(t.db, { artistId, title: "Sold soon", priceCents: 20_000 });
    await visitor().get(`/artwork/${sold.id}`);
    const kept = await visitor().get(`/artwork/${sold.id}`);
    expect(kept.headers.get("x-cache")).toBe("HIT");
    expect(await kept.text()).toContain("<p>For sale</p>");
    await buy(collector.client, sold.id);
    const after = await visitor().get(`/artwork/${sold.id}`);
    expect(after.headers.get("x-cache")).toBe("MISS");
    expect(await after.text()).toContain("<p>Sold</p>");
  });

  it("ends the kept page: a follower", async () => {
    await visitor().get(`/artwork/${artworkId}`);
    expect((await visitor().get(`/artwork/${artworkId}`)).headers.get("x-cache")).toBe("HIT");
    await t.db.insert(follows).values({ followerId: collector.id, artistId });
    expect((await visitor().get(`/artwork/${artworkId}`)).headers.get("x-cache")).toBe("MISS");
  });

  it("is not kept under a version younger than the settling time", async () => {
    const settling = appWith({ settleMs: 1000 });
    await t.db.update(artworks).set({ priceCents: 62_000 }).where(eq(artworks.id, artworkId));
    const path = `/artwork/${artworkId}`;
    expect((await settling.request(path)).headers.get("x-cache")).toBe("MISS");
    expect((await settling.request(path)).headers.get("x-cache")).toBe("MISS");
    clock += 1000;
    expect((await settling.request(path)).headers.get("x-cache")).toBe("MISS");
    expect((await settling.request(path)).headers.get("x-cache")).toBe("HIT");
  });
});

describe("never kept", () => {
  it.each(["/profile", "/profile/purchases", "/signin", "/upload", "/unsubscribe", "/offers/x"])(
    "%s",
    async (path) => {
      const before = renders;
      const first = await visitor().get(path);
      const second = await visitor().get(path);
      expect(second.headers.get("x-cache")).toBeNull();
      expect(first.headers.get("x-cache")).toBeNull();
      expect(renders - before).toBe(2);
    },
  );

  it("an answer that sets a cookie", async () => {
    await visitor().get("/exhibition");
    expect((await visitor().get("/exhibition")).headers.get("x-cache")).toBe("MISS");
  });

  it("an answer that says private", async () => {
    await visitor().get("/collect");
    expect((await visitor().get("/collect")).headers.get("x-cache")).toBe("MISS");
  });

  it("a refused read", async () => {
    const path = "/api/artworks/00000000-0000-4000-8000-000000000000";
    expect((await visitor().get(path)).status).toBe(404);
    expect((await visitor().get(path)).headers.get("x-cache")).toBe("MISS");
  });

  it("anything when the cache is off", async () => {
    const off = await createTestApp();
    try {
      const offApp = buildServer({ services: off.services, web: { handler: renderPage } });
      await offApp.request("/artist/off");
      expect((await offApp.request("/artist/off")).headers.get("x-cache")).toBeNull();
    } finally {
      await off.close();
    }
  });
});

describe("ETag and 304", () => {
  it("confirms a visitor's page they already hold, with no body and no CSP", async () => {
    const path = "/artist/etag";
    const first = await visitor().get(path);
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const again = await app.request(path, { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("etag")).toBe(etag);
    expect(again.headers.get("content-security-policy")).toBeNull();
    expect(again.headers.get("content-type")).toBeNull();
  });

  it("gives a signed-in person their own page for a visitor's tag", async () => {
    const path = `/artwork/${artworkId}`;
    const etag = (await visitor().get(path)).headers.get("etag")!;
    const mine = await as(collector, path, { "If-None-Match": etag });
    expect(mine.status).toBe(200);
    expect(mine.headers.get("etag")).not.toBe(etag);
    expect(mine.headers.get("cache-control")).toBe("private, no-cache");
    expect(await mine.text()).toContain("Grace Hopper");
  });

  it("answers an API read with 304 while it is unchanged, and 200 once it changes", async () => {
    const path = `/api/artworks/${artworkId}`;
    const etag = (await visitor().get(path)).headers.get("etag")!;
    expect((await app.request(path, { headers: { "If-None-Match": etag } })).status).toBe(304);
    expect((await app.request(path, { headers: { "If-None-Match": `"x", ${etag}` } })).status).toBe(
      304,
    );
    await t.db.update(artworks).set({ title: "Blue Hour II" }).where(eq(artworks.id, artworkId));
    const changed = await app.request(path, { headers: { "If-None-Match": etag } });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as { title: string }).title).toBe("Blue Hour II");
  });

  it("gives no tag to what may not be stored", async () => {
    const response = await as(collector, "/api/session");
    expect(response.headers.get("etag")).toBeNull();
  });
});
