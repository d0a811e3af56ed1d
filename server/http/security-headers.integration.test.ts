import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../app";
import { type TestApp, createTestApp } from "../test/test-app";
import type { WebLoadContext } from "../web/load-context";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The server with a page handler that stands in for React Router and keeps what it was given. */
function appWithPages() {
  const contexts: WebLoadContext[] = [];
  const app = buildServer({
    services: t.services,
    web: {
      handler(_request, context) {
        contexts.push(context);
        return Promise.resolve(
          new Response("<!doctype html><p>A page</p>", {
            headers: { "Content-Type": "text/html" },
          }),
        );
      },
    },
  });
  return { app, contexts };
}

function scriptSrc(response: Response) {
  const csp = response.headers.get("content-security-policy") ?? "";
  return csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
}

function nonceOf(response: Response) {
  return /'nonce-([A-Za-z0-9+/=]+)'/.exec(scriptSrc(response))?.[1];
}

describe("the Content-Security-Policy of a page", () => {
  it("allows inline scripts only by a nonce, never 'unsafe-inline'", async () => {
    const { app } = appWithPages();
    const response = await app.request("/artworks");
    expect(scriptSrc(response)).toContain("'self'");
    expect(scriptSrc(response)).not.toContain("'unsafe-inline'");
    expect(nonceOf(response)).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });

  it("gives each request a fresh nonce, and hands the page renderer the header's nonce", async () => {
    const { app, contexts } = appWithPages();
    const first = await app.request("/");
    const second = await app.request("/");
    expect(nonceOf(first)).toBeDefined();
    expect(nonceOf(second)).toBeDefined();
    expect(nonceOf(first)).not.toBe(nonceOf(second));
    expect(contexts.map((c) => c.nonce)).toEqual([nonceOf(first), nonceOf(second)]);
  });
});

describe("the security headers of a picture", () => {
  /** The server answering every path with a body of the type its extension says. */
  function appWithFiles() {
    return buildServer({
      services: t.services,
      web: {
        handler(request) {
          const type = request.url.endsWith(".webp")
            ? "image/webp"
            : request.url.endsWith(".svg")
              ? "image/svg+xml"
              : "text/html";
          return Promise.resolve(
            new Response("x".repeat(2000), { headers: { "Content-Type": type } }),
          );
        },
      },
    });
  }
  const documentOnly = [
    "content-security-policy",
    "x-frame-options",
    "cross-origin-opener-policy",
    "referrer-policy",
  ];

  it("leaves out a document's headers on a raster picture, keeping nosniff and the resource policy", async () => {
    const response = await appWithFiles().request("/pictures/0-medium.webp");
    expect(response.status).toBe(200);
    for (const name of documentOnly) expect(response.headers.has(name), name).toBe(false);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("cross-origin-resource-policy")).toBe("same-origin");
  });

  it("keeps every header on an SVG (it can be opened as a document) and on a page", async () => {
    const app = appWithFiles();
    for (const path of ["/logo.svg", "/"]) {
      const response = await app.request(path);
      for (const name of documentOnly)
        expect(response.headers.has(name), `${path} ${name}`).toBe(true);
      expect(scriptSrc(response)).toContain("'nonce-");
    }
  });
});

describe("Strict-Transport-Security", () => {
  it("is sent when the marketplace is served over HTTPS, and never over plain HTTP (RFC 6797 §7.2)", async () => {
    const plain = await appWithPages().app.request("/");
    expect(t.config.publicUrl).toMatch(/^http:/);
    expect(plain.headers.has("strict-transport-security")).toBe(false);
    expect(plain.headers.has("x-download-options")).toBe(false);

    const secure = await createTestApp({ PUBLIC_URL: "https://market.example" });
    try {
      const app = buildServer({
        services: secure.services,
        web: { handler: () => Promise.resolve(new Response("<p>A page</p>")) },
      });
      const response = await app.request("/");
      expect(response.headers.get("strict-transport-security")).toBe(
        "max-age=15552000; includeSubDomains",
      );
    } finally {
      await secure.close();
    }
  });
});
