import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import {
  DEFERRED_MODULE_TYPE,
  bootScript,
  compactManifest,
  deferScripts,
  holdScript,
} from "./deferred-scripts.server";

const MODULE_BODY =
  'import * as route0 from "/assets/root-1.js";\nwindow.__reactRouterRouteModules = {"root":route0};\n\nimport("/assets/entry.client-1.js");';

/** A page as React and React Router write it (shortened), with a multi-byte character. */
const PAGE =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>' +
  '<link rel="preload" as="image" href="/media/a.webp" fetchPriority="high"/>' +
  "<title>Mädchen · Vernissage</title>" +
  '<link rel="modulepreload" href="/assets/entry.client-1.js" nonce="N0nce"/>' +
  '<link rel="modulepreload" href="/assets/root-1.js" nonce="N0nce"/>' +
  '<link nonce="N0nce" rel="stylesheet" href="/assets/root-1.css"/></head>' +
  '<body><main><img src="/media/a.webp" fetchPriority="high"/></main>' +
  '<script nonce="N0nce">window.__reactRouterContext = {"a":"<\\u002fscript>"};</script>' +
  `<script nonce="N0nce" type="module" async="">${MODULE_BODY}</script>` +
  '<script nonce="N0nce">window.__reactRouterContext.streamController.enqueue("x");</script>' +
  "</body></html>";

async function through(chunks: Buffer[], nonce?: string): Promise<string> {
  const out: Buffer[] = [];
  const stream = Readable.from(chunks).pipe(deferScripts(nonce));
  for await (const chunk of stream) out.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(out).toString("utf8");
}

function split(text: string, size: number): Buffer[] {
  const bytes = Buffer.from(text);
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  return chunks;
}

describe("deferScripts", () => {
  it("takes out the module preloads, makes the module script inert and follows it with the loader", async () => {
    const html = await through([Buffer.from(PAGE)], "N0nce");

    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toContain('type="module" async');
    expect(html).toContain(
      `<script nonce="N0nce" type="${DEFERRED_MODULE_TYPE}">${MODULE_BODY}</script>` +
        `<script nonce="N0nce">${bootScript(["/assets/entry.client-1.js", "/assets/root-1.js"])}</script>` +
        '<script nonce="N0nce">window.__reactRouterContext.streamController',
    );
    // First in the body, the script that holds the lazy pictures, with the page's nonce.
    expect(html).toContain(`<body><script nonce="N0nce">${holdScript()}</script><main>`);
    // Everything else as React wrote it.
    expect(
      html
        .replace(`<script nonce="N0nce">${holdScript()}</script>`, "")
        .replace(/<script nonce="N0nce">\(function\(\)[\s\S]*?<\/script>/, ""),
    ).toBe(
      PAGE.replace(/<link rel="modulepreload"[^>]*>/g, "").replace(
        'type="module" async=""',
        `type="${DEFERRED_MODULE_TYPE}"`,
      ),
    );
  });

  it("gives the same page however the stream is cut, inside tags and characters included", async () => {
    const whole = await through([Buffer.from(PAGE)]);
    for (const size of [1, 2, 3, 7, 16, 64, 100, 333]) {
      expect(await through(split(PAGE, size))).toBe(whole);
    }
  });

  it("leaves a page without React Router's module script as it was, but for the picture holder", async () => {
    const page = "<html><head><title>Error</title></head><body><p>a < b</p></body></html>";
    expect(await through(split(page, 5))).toBe(
      page.replace("<body>", `<body><script>${holdScript()}</script>`),
    );
  });

  it("writes an address that looks like a placeholder as it is", () => {
    const script = bootScript(["/assets/a__MAX_WAIT_MS__b.js"]);
    expect(script).toContain('["/assets/a__MAX_WAIT_MS__b.js"]');
    expect(script).not.toContain("__MODULES__");
  });

  it("lists the addresses in the loader as JSON that cannot close the script", () => {
    expect(bootScript(["/a.js", "</script><x>"])).toContain('["/a.js","\\u003c/script>\\u003cx>"]');
  });
});

describe("compactManifest", () => {
  const manifest = {
    entry: { module: "/assets/entry.client-1.js", imports: ["/assets/a.js"] },
    routes: { root: { id: "root", path: "", module: "/assets/root-1.js", note: "</script>" } },
  };
  const indented = JSON.stringify(manifest, null, 2).replace(/</g, "\\u003c");
  const script = `;\nimport * as route0 from "/assets/root-1.js";\n  window.__reactRouterManifest = ${indented};\n  window.__reactRouterRouteModules = {"root":route0};\n`;

  it("writes React Router's manifest without its indentation, the same data", () => {
    const out = compactManifest(script);
    expect(out.length).toBeLessThan(script.length - 40);
    const json = /window\.__reactRouterManifest = (\{.*\});\n/.exec(out)?.[1];
    expect(JSON.parse(json ?? "null")).toEqual(manifest);
    expect(out).not.toContain("</script>");
    expect(out.replace(/window\.__reactRouterManifest = .*;\n/, "")).toBe(
      script.replace(/window\.__reactRouterManifest = [\s\S]*?\n\};\n/, ""),
    );
  });

  it("leaves a script whose manifest does not read as JSON as it is", () => {
    const odd = script.replace('"root": {', "root: {");
    expect(compactManifest(odd)).toBe(odd);
  });
});
