/**
 * The framework's floor for bench/lighthouse.bench.ts: the empty React Router app of
 * bench/empty-shell.ts (same versions, React Router's default entries, its `<Scripts>`)
 * with one page, `/floor/:name`, that shows a page's LCP image at its size and a line of
 * text, as the static twin does. Its load is what any server-rendered React Router page
 * costs on a phone before the app adds anything: the static twin without the framework,
 * this page with it.
 */
import { readFile } from "node:fs/promises";
import type http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { type ServerBuild, createRequestHandler } from "react-router";
import { buildShellWith } from "./empty-shell";

/** What the page shows: the twin's image, where it is served and at what size. */
export type FloorImage = { src: string; alt: string; width: number; height: number };

const FILES: Record<string, string> = {
  "app/routes.ts": `import { type RouteConfig, index, route } from "@react-router/dev/routes";
export default [
  index("routes/home.tsx"),
  route("floor/:name", "routes/floor.tsx"),
] satisfies RouteConfig;
`,
  "app/routes/floor.tsx": `type Image = { src: string; alt: string; width: number; height: number };
type Args = { params: { name?: string }; context: { floorImage: (name: string) => Image | undefined } };

export function loader({ params, context }: Args) {
  const image = context.floorImage(params.name ?? "");
  if (!image) throw new Response("Not found", { status: 404 });
  return image;
}

export default function Floor({ loaderData }: { loaderData: Image }) {
  const { src, alt, width, height } = loaderData;
  return (
    <main style={{ padding: 8, font: "16px/1.4 system-ui, sans-serif" }}>
      <img
        src={src}
        alt={alt}
        width={width}
        height={height}
        fetchPriority="high"
        style={{ display: "block", width, height, maxWidth: "100%", objectFit: "contain" }}
      />
      <p>The framework's floor: this image in an empty React Router page.</p>
    </main>
  );
}
`,
};

const CONTENT_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
};

const encodingHeader = (encoding: string): Record<string, string> =>
  encoding === "identity" ? {} : { "content-encoding": encoding };

/**
 * Builds the floor app; returns a request handler for the static server (it answers
 * `/floor/:name` and the app's `/assets/`, and returns false for anything else) and a
 * function that deletes the build. `encode` compresses a body as the app compresses
 * its own (HTML and scripts alike).
 */
export async function buildFloorPage(
  repoRoot: string,
  floorImage: (name: string) => FloorImage | undefined,
  encode: (body: Buffer) => { body: Buffer; encoding: string },
) {
  const { buildDir, remove } = await buildShellWith(repoRoot, FILES);
  const build = (await import(
    pathToFileURL(path.join(buildDir, "server/index.js")).href
  )) as ServerBuild;
  const handle = createRequestHandler(build, "production");
  const context = { floorImage };
  const assets = new Map<string, { body: Buffer; encoding: string; type: string }>();

  async function serve(req: http.IncomingMessage, res: http.ServerResponse): Promise<boolean> {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (url.pathname.startsWith("/assets/") && !url.pathname.includes("..")) {
      let asset = assets.get(url.pathname);
      if (!asset) {
        const file = path.join(buildDir, "client", url.pathname);
        const raw = await readFile(file).catch(() => undefined);
        if (!raw) return false;
        asset = {
          ...encode(raw),
          type: CONTENT_TYPES[path.extname(file)] ?? "application/octet-stream",
        };
        assets.set(url.pathname, asset);
      }
      res.writeHead(200, {
        "content-type": asset.type,
        ...encodingHeader(asset.encoding),
        "content-length": String(asset.body.length),
        "cache-control": "public, max-age=31536000, immutable",
      });
      res.end(asset.body);
      return true;
    }
    if (!url.pathname.startsWith("/floor/")) return false;
    // Its own context, not the app's: a cast past the declared AppLoadContext.
    const response = await handle(new Request(url), context as never);
    const html = encode(Buffer.from(await response.arrayBuffer()));
    res.writeHead(response.status, {
      "content-type": response.headers.get("content-type") ?? "text/html; charset=utf-8",
      ...encodingHeader(html.encoding),
      "content-length": String(html.body.length),
    });
    res.end(html.body);
    return true;
  }
  return { serve, remove };
}
