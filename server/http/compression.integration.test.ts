import { serve, type ServerType } from "@hono/node-server";
import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../app";
import { createCategory } from "../test/factories";
import { type TestApp, createTestApp } from "../test/test-app";
import { projectRoot } from "../paths";

/**
 * Compression of every text answer (decision 0033): the coding the client asked
 * for, a body that decompresses to the plain one, and what is never compressed; the
 * build's precompressed files; a client that goes away mid-stream.
 */

let t: TestApp;
let clientDir: string;
const scriptText = `export function hello(name) { return "Hello, " + name; }\n`.repeat(400);
let streamCancelled = false;
/** Ends the wait of every held stream made so far. */
let held: (() => void)[] = [];
function releaseSecond() {
  for (const release of held) release();
  held = [];
}

const PAGE = `<!doctype html><title>A page</title>${"<p>Some words of a page.</p>".repeat(200)}`;
const PNG = Buffer.alloc(5000, 7);

/** A page in two parts, as React streams one; `hold` keeps the second until released. */
function streamedPage(hold: boolean): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  if (hold) held.push(release);
  else setTimeout(release, 10);
  let step = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      step += 1;
      if (step === 1) {
        controller.enqueue(encoder.encode(`<!doctype html><h1>Shell</h1>${"x".repeat(3000)}`));
      } else if (step === 2) {
        await released;
        controller.enqueue(encoder.encode("<p>The rest</p>"));
      } else controller.close();
    },
    cancel() {
      streamCancelled = true;
    },
  });
}

function handler(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const html = { "Content-Type": "text/html; charset=utf-8" };
  switch (url.pathname) {
    case "/page":
      return Promise.resolve(new Response(PAGE, { headers: html }));
    case "/streamed":
    case "/streamed-held":
      return Promise.resolve(
        new Response(streamedPage(url.pathname === "/streamed-held"), { headers: html }),
      );
    case "/image.png":
      return Promise.resolve(new Response(PNG, { headers: { "Content-Type": "image/png" } }));
    case "/encoded":
      return Promise.resolve(
        new Response(zlib.gzipSync(PAGE), { headers: { ...html, "Content-Encoding": "gzip" } }),
      );
    case "/no-content":
      return Promise.resolve(new Response(null, { status: 204 }));
    default:
      return Promise.resolve(new Response("Not found", { status: 404 }));
  }
}

let app: ReturnType<typeof buildServer>;

beforeAll(async () => {
  t = await createTestApp();
  // Enough categories for a JSON answer well over the threshold.
  for (let i = 0; i < 60; i++) await createCategory(t.db, `category number ${i} ${"·".repeat(10)}`);
  clientDir = await mkdtemp(path.join(tmpdir(), "vernissage-client-"));
  await mkdir(path.join(clientDir, "assets"));
  await writeFile(path.join(clientDir, "assets", "app-1a2b.js"), scriptText);
  await writeFile(path.join(clientDir, "assets", "tiny-1a2b.css"), "body{margin:0}");
  await writeFile(path.join(clientDir, "logo.png"), PNG);
  // The build's own step, run as the build runs it.
  execFileSync(process.execPath, [path.join(projectRoot, "scripts/precompress.mjs"), clientDir]);
  app = buildServer({ services: t.services, web: { handler, clientDir } });
});
afterAll(async () => {
  await t.close();
  await rm(clientDir, { recursive: true, force: true });
});

function decode(bytes: Buffer, coding: string | null): string {
  if (coding === "br") return zlib.brotliDecompressSync(bytes).toString();
  if (coding === "gzip") return zlib.gunzipSync(bytes).toString();
  return bytes.toString();
}

async function fetchAs(url: string, acceptEncoding?: string, method = "GET") {
  const headers: Record<string, string> =
    acceptEncoding === undefined ? {} : { "Accept-Encoding": acceptEncoding };
  const response = await app.request(url, { method, headers });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { response, coding: response.headers.get("content-encoding"), bytes };
}

describe("a text answer", () => {
  it.each([
    ["br", "br"],
    ["gzip", "gzip"],
    ["gzip, deflate, br", "br"],
    ["br;q=0, gzip", "gzip"],
    ["gzip;q=0.5, br;q=0.4", "gzip"],
    ["identity", null],
    ["*;q=0", null],
    [undefined, null],
  ])(
    "with Accept-Encoding %j comes as %s and decompresses to the plain body",
    async (accept, coding) => {
      for (const url of ["/page", "/api/categories", "/streamed"]) {
        const plain = await fetchAs(url, "identity");
        const got = await fetchAs(url, accept);
        expect(got.response.status, url).toBe(200);
        expect(got.coding, url).toBe(coding);
        expect(got.response.headers.get("vary"), url).toMatch(/Accept-Encoding/i);
        expect(decode(got.bytes, got.coding), url).toBe(plain.bytes.toString());
        if (coding) expect(got.bytes.length, url).toBeLessThan(plain.bytes.length);
      }
    },
  );

  it("is not compressed when small, an image, already encoded, a 204, or a HEAD", async () => {
    const small = await fetchAs("/api/health", "br");
    expect(small.coding).toBeNull();
    expect(JSON.parse(small.bytes.toString())).toMatchObject({ status: "ok" });
    const image = await fetchAs("/image.png", "br");
    expect(image.coding).toBeNull();
    expect(image.bytes.equals(PNG)).toBe(true);
    const encoded = await fetchAs("/encoded", "br");
    expect(encoded.coding).toBe("gzip");
    expect(decode(encoded.bytes, "gzip")).toBe(PAGE);
    const empty = await fetchAs("/no-content", "br");
    expect(empty.response.status).toBe(204);
    expect(empty.coding).toBeNull();
    const head = await fetchAs("/page", "br", "HEAD");
    expect(head.coding).toBeNull();
    expect(head.bytes.length).toBe(0);
  });

  it("is not compressed in a 304", async () => {
    const first = await fetchAs("/api/categories", "br");
    const again = await app.request("/api/categories", {
      headers: { "Accept-Encoding": "br", "If-None-Match": first.response.headers.get("etag")! },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get("content-encoding")).toBeNull();
    expect((await again.arrayBuffer()).byteLength).toBe(0);
  });

  it("survives a huge Accept-Encoding header", async () => {
    const huge = `${"x-made-up;q=0.5, ".repeat(600)}br`;
    const got = await fetchAs("/page", huge);
    expect(got.response.status).toBe(200);
    expect(decode(got.bytes, got.coding)).toBe(PAGE);
  });

  it("sends a streamed page's first part before the rest is made", async () => {
    const response = await app.request("/streamed-held", { headers: { "Accept-Encoding": "br" } });
    const reader = response.body!.getReader();
    const first = await Promise.race([
      reader.read(),
      new Promise<"held">((resolve) => setTimeout(() => resolve("held"), 2000)),
    ]);
    expect(first).not.toBe("held");
    releaseSecond();
    const chunks = [Buffer.from((first as { value: Uint8Array }).value)];
    for (;;) {
      const next = await reader.read();
      if (next.done) break;
      chunks.push(Buffer.from(next.value));
    }
    expect(decode(Buffer.concat(chunks), "br")).toContain("<p>The rest</p>");
  });
});

describe("a client that goes away mid-stream", () => {
  let server: ServerType;
  let base: string;
  beforeAll(async () => {
    server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    const address = server.address();
    base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("ends the page's stream, and the server goes on answering", async () => {
    streamCancelled = false;
    const controller = new AbortController();
    const response = await fetch(`${base}/streamed-held`, {
      headers: { "Accept-Encoding": "br" },
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    await reader.read();
    controller.abort();
    await reader.read().catch(() => undefined);
    // The rest is never made: the page's stream must be cancelled while it waits for it.
    for (let i = 0; i < 50 && !streamCancelled; i++) await new Promise((r) => setTimeout(r, 20));
    releaseSecond();
    expect(streamCancelled).toBe(true);
    const next = await fetch(`${base}/page`, { headers: { "Accept-Encoding": "gzip" } });
    expect(next.status).toBe(200);
    expect(await next.text()).toBe(PAGE);
  });
});

describe("the build's precompressed files", () => {
  it("are written beside each text file big enough to gain, and smaller than it", async () => {
    const file = path.join(clientDir, "assets", "app-1a2b.js");
    const [plain, br, gz] = await Promise.all([stat(file), stat(`${file}.br`), stat(`${file}.gz`)]);
    expect(br.size).toBeLessThan(plain.size);
    expect(gz.size).toBeLessThan(plain.size);
    await expect(stat(path.join(clientDir, "assets", "tiny-1a2b.css.br"))).rejects.toThrow();
    await expect(stat(path.join(clientDir, "logo.png.br"))).rejects.toThrow();
  });

  it.each([
    ["br", "br", ".br"],
    ["gzip, br", "br", ".br"],
    ["gzip", "gzip", ".gz"],
    ["br;q=0, gzip", "gzip", ".gz"],
    ["identity", null, ""],
  ])("are served for %j as %s", async (accept, coding, ext) => {
    const file = path.join(clientDir, "assets", "app-1a2b.js");
    const got = await fetchAs("/assets/app-1a2b.js", accept);
    expect(got.response.status).toBe(200);
    expect(got.coding).toBe(coding);
    expect(got.bytes.equals(await readFile(file + ext))).toBe(true);
    expect(decode(got.bytes, coding)).toBe(scriptText);
    expect(got.response.headers.get("content-type")).toMatch(/javascript/);
    expect(got.response.headers.get("vary")).toMatch(/Accept-Encoding/i);
    expect(got.response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(got.response.headers.get("content-length")).toBe(String(got.bytes.length));
  });

  it("serves a file without copies as it is, and nothing outside the folder", async () => {
    const tiny = await fetchAs("/assets/tiny-1a2b.css", "br");
    expect(tiny.coding).toBeNull();
    expect(tiny.bytes.toString()).toBe("body{margin:0}");
    const logo = await fetchAs("/logo.png", "br");
    expect(logo.coding).toBeNull();
    expect(logo.response.headers.get("cache-control")).toBe("public, max-age=3600");
    for (const probe of [
      "/assets/../../etc/passwd",
      "/assets/%2e%2e/%2e%2e/etc/passwd",
      "/assets/app-1a2b.js.br/x",
    ]) {
      expect((await fetchAs(probe, "br")).response.status, probe).toBe(404);
    }
  });
});
