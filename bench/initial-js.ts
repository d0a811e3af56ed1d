/**
 * What a visitor's browser downloads as JavaScript before a page is interactive, read
 * from a React Router build without running it (bench/js-budget.ts).
 *
 * React Router writes the route manifest the browser gets into
 * `build/client/assets/manifest-<hash>.js`. For a document request, `<Scripts>` puts in
 * the page a `modulepreload` for the client entry and its imports and, for every route
 * the URL matches (root, layouts, the page), its module, its split client modules and
 * their imports; the inline module script then imports the route modules and the entry.
 * So the initial JavaScript of a URL is that set, plus anything those files import
 * statically that the manifest would have left out (checked here by reading the files:
 * a static import is downloaded before the module runs, preloaded or not). Dynamic
 * `import()`s are not initial: they load when the code asks for them.
 *
 * The stylesheets a page links are the manifest's `css` (CSS a route imports plainly)
 * and those the matched routes' `links` exports name (CSS imported with `?url`, as
 * app/root.tsx does): the latter are only in the route modules, so they are read from
 * the server build by calling each route's `links`, without starting the server.
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { type RouteObject, type ServerBuild, matchRoutes } from "react-router";

type ManifestRoute = {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
  css?: string[];
  clientActionModule?: string;
  clientLoaderModule?: string;
  clientMiddlewareModule?: string;
  hydrateFallbackModule?: string;
};

export type ClientManifest = {
  entry: { module: string; imports: string[]; css?: string[] };
  routes: Record<string, ManifestRoute>;
};

/** One page of the app: the leaf route and a URL that reaches it. */
export type Page = { routeId: string; url: string };

export type PageWeight = {
  page: Page;
  /** Every JavaScript file of the page, as URL paths (`/assets/…`), sorted. */
  files: string[];
  gzipBytes: number;
  rawBytes: number;
  /** Stylesheets the page's HTML links (render-blocking). */
  stylesheets: string[];
};

/** The manifest React Router wrote into `<buildDir>/client/assets/`. */
export function readClientManifest(buildDir: string): ClientManifest {
  const assets = path.join(buildDir, "client", "assets");
  const names = readdirSync(assets).filter((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (names.length !== 1) {
    throw new Error(
      `Expected one manifest-<hash>.js in ${assets}, found ${names.length}: is the build complete?`,
    );
  }
  const text = readFileSync(path.join(assets, names[0] ?? ""), "utf8");
  const json = text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1);
  return JSON.parse(json) as ClientManifest;
}

/** The stylesheets each route's `links` export names, by route id. */
export type LinkedStylesheets = Record<string, string[]>;

/**
 * The stylesheets the route modules of `<buildDir>/server/index.js` link through their
 * `links` export (React Router's server build: its `routes`, each with its `module`).
 */
export async function readLinkedStylesheets(buildDir: string): Promise<LinkedStylesheets> {
  const file = path.join(buildDir, "server", "index.js");
  const build = (await import(pathToFileURL(file).href)) as ServerBuild;
  const linked: LinkedStylesheets = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const hrefs = (route?.module.links?.() ?? []).flatMap((link) =>
      "rel" in link && link.rel === "stylesheet" && link.href ? [link.href] : [],
    );
    if (hrefs.length) linked[id] = hrefs;
  }
  return linked;
}

/** A sample value for each `:param` (any value matches; the id shape reads well). */
const SAMPLE_ID = "00000000-0000-4000-8000-000000000000";

/**
 * One page per leaf route (a route no other route nests in), with a URL built from the
 * route paths: every page of the app is measured, including ones added later.
 */
export function pagesOf(manifest: ClientManifest): Page[] {
  const routes = Object.values(manifest.routes);
  const parents = new Set(routes.map((route) => route.parentId).filter(Boolean));
  const pathOf = (route: ManifestRoute): string => {
    const parent = route.parentId ? manifest.routes[route.parentId] : undefined;
    const own = (route.path ?? "").replace(/:[^/]+/g, SAMPLE_ID).replace(/\*$/, "no-such-page");
    const base = parent ? pathOf(parent) : "";
    return [base, own].filter(Boolean).join("/").replace(/\/+/g, "/");
  };
  return routes
    .filter((route) => !parents.has(route.id) && route.id !== "root")
    .map((route) => ({ routeId: route.id, url: `/${pathOf(route)}`.replace(/\/+/g, "/") }))
    .sort((a, b) => a.url.localeCompare(b.url));
}

function routeTree(manifest: ClientManifest, parentId: string | undefined): RouteObject[] {
  return Object.values(manifest.routes)
    .filter((route) => route.parentId === parentId)
    .map((route): RouteObject => {
      if (route.index) return { id: route.id, path: route.path, index: true };
      const children = routeTree(manifest, route.id);
      return { id: route.id, path: route.path, ...(children.length ? { children } : {}) };
    });
}

/** The route ids a URL matches, root first, as the server renders them. */
export function matchedRouteIds(manifest: ClientManifest, url: string): string[] {
  const matches = matchRoutes(routeTree(manifest, undefined), new URL(url, "http://x").pathname);
  if (!matches) throw new Error(`No route matches ${url}`);
  return matches.map((match) => match.route.id ?? "");
}

/** The files `<Scripts>` references for these routes (see the comment at the top). */
export function referencedModules(manifest: ClientManifest, routeIds: string[]): string[] {
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const id of routeIds) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`Route ${id} is not in the manifest`);
    for (const file of [
      route.module,
      route.clientActionModule,
      route.clientLoaderModule,
      route.clientMiddlewareModule,
      route.hydrateFallbackModule,
      ...(route.imports ?? []),
    ]) {
      if (file) files.add(file);
    }
  }
  return [...files];
}

/**
 * Relative static imports in a built module: `import{a}from"./x.js"`, `import"./x.js"`,
 * `export*from"./x.js"`. Not `import("./x.js")`, which is dynamic.
 */
export function staticImportsOf(code: string): string[] {
  const found = new Set<string>();
  const pattern =
    /\b(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;
  for (const match of code.matchAll(pattern)) if (match[1]) found.add(match[1]);
  return [...found];
}

/** The files plus everything they import statically, transitively (URL paths). */
export function withStaticImports(clientDir: string, files: string[]): string[] {
  const seen = new Set<string>();
  const queue = [...files];
  while (queue.length) {
    const file = queue.pop() ?? "";
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(path.join(clientDir, file), "utf8");
    for (const spec of staticImportsOf(code)) {
      queue.push(path.posix.join(path.posix.dirname(file), spec));
    }
  }
  return [...seen].sort();
}

/**
 * The stylesheets a page's `<Links>` writes: the entry's CSS and each matched route's,
 * imported or linked.
 */
function stylesheetsOf(
  manifest: ClientManifest,
  routeIds: string[],
  linked: LinkedStylesheets,
): string[] {
  const css = new Set(manifest.entry.css ?? []);
  for (const id of routeIds) {
    for (const file of manifest.routes[id]?.css ?? []) css.add(file);
    for (const href of linked[id] ?? []) css.add(href);
  }
  return [...css];
}

/** Bytes as served: gzip at level 9, as a build-time precompression would send them. */
export function gzipSize(buffer: Buffer): number {
  return gzipSync(buffer, { level: 9 }).length;
}

/**
 * The initial JavaScript of one page of a build, and its stylesheets (`linked`: from
 * readLinkedStylesheets; without it, only the manifest's CSS is counted).
 */
export function weighPage(
  buildDir: string,
  manifest: ClientManifest,
  page: Page,
  linked: LinkedStylesheets = {},
): PageWeight {
  const clientDir = path.join(buildDir, "client");
  const routeIds = matchedRouteIds(manifest, page.url);
  const files = withStaticImports(clientDir, referencedModules(manifest, routeIds));
  let gzipBytes = 0;
  let rawBytes = 0;
  for (const file of files) {
    const buffer = readFileSync(path.join(clientDir, file));
    rawBytes += buffer.length;
    gzipBytes += fileGzipSize(clientDir, file, buffer);
  }
  const stylesheets = stylesheetsOf(manifest, routeIds, linked);
  return { page, files, gzipBytes, rawBytes, stylesheets };
}

const gzipCache = new Map<string, number>();

function fileGzipSize(clientDir: string, file: string, buffer: Buffer): number {
  const key = path.join(clientDir, file);
  const known = gzipCache.get(key);
  if (known !== undefined) return known;
  const size = gzipSize(buffer);
  gzipCache.set(key, size);
  return size;
}

/** gzipped size of one built file (URL path), for the report of what a page adds. */
export function builtFileGzipSize(buildDir: string, file: string): number {
  const clientDir = path.join(buildDir, "client");
  return fileGzipSize(clientDir, file, readFileSync(path.join(clientDir, file)));
}
