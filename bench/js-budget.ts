/**
 * `npm run bench:js`: the initial JavaScript of every page (what the server-rendered
 * HTML makes the browser download before the page is interactive: the client entry,
 * every route module it preloads, and their static imports), gzipped, against an empty
 * React Router 7 app built in the same run with the same installed versions
 * (docs/performance.md "Initial JavaScript").
 *
 *   npm run bench:js                 # builds when build/ is older than the sources
 *   npm run bench:js -- --check      # exits 1 when a page is over its budget (CI)
 *   npm run bench:js -- --files      # also lists each page's files beyond the shell
 *
 * Budget: every page at most 1.2× the empty shell. A ratio, so that a React or React
 * Router upgrade moves the shell and the pages together. Read from the build's route
 * manifest and, for the stylesheets the routes link, its server build's route modules,
 * without starting the server (bench/initial-js.ts).
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { projectRoot } from "../server/paths";
import { buildEmptyShell } from "./empty-shell";
import {
  type PageWeight,
  builtFileGzipSize,
  gzipSize,
  pagesOf,
  readClientManifest,
  readLinkedStylesheets,
  weighPage,
} from "./initial-js";
import { machineLines } from "./report";

/** The budget: initial JS at most this many times the empty shell's, on every page. */
const MAX_RATIO = 1.2;

const { values: args } = parseArgs({
  options: {
    check: { type: "boolean", default: false },
    files: { type: "boolean", default: false },
    "no-build": { type: "boolean", default: false },
  },
});

const buildDir = path.join(projectRoot, "build");
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

ensureFreshBuild();
const manifest = readClientManifest(buildDir);
const linked = await readLinkedStylesheets(buildDir);
const started = Date.now();
const shell = await buildEmptyShell(projectRoot);
try {
  const shellManifest = readClientManifest(shell.buildDir);
  const [shellPage] = pagesOf(shellManifest);
  if (!shellPage) throw new Error("The empty app has no page");
  const base = weighPage(shell.buildDir, shellManifest, shellPage);

  const pages = pagesOf(manifest).map((page) => weighPage(buildDir, manifest, page, linked));
  const over = pages.filter((page) => page.gzipBytes / base.gzipBytes > MAX_RATIO);

  console.log("Initial JavaScript per page (gzip -9), against an empty React Router 7 app\n");
  for (const line of machineLines()) console.log(`  ${line}`);
  console.log(
    `  react-router ${versionOf("react-router")}, react ${versionOf("react")}, vite ${versionOf("vite")}`,
  );
  console.log(
    `  empty shell built and measured in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
  console.log(table(base, pages));
  console.log(`\n${cssLine(pages)}`);
  if (args.files) for (const page of pages) console.log(filesBeyond(page));

  if (over.length) {
    const budget = kb(base.gzipBytes * MAX_RATIO);
    const message = [
      `${over.length} page(s) over the initial-JavaScript budget of ${MAX_RATIO}× the empty shell (${budget} KB gzipped):`,
      ...over.map((page) => overLine(page, base)),
      "Load what a visitor does not need for the first paint when it is first used (React.lazy or import() on interaction), see docs/decisions/0034.",
    ].join("\n");
    if (args.check) {
      console.error(`\n${message}`);
      process.exitCode = 1;
    } else {
      console.log(`\n${message}`);
    }
  } else {
    console.log(`\nEvery page is within ${MAX_RATIO}× the empty shell.`);
  }
} finally {
  await shell.remove();
}

function table(base: PageWeight, pages: PageWeight[]): string {
  const head = ["page", "url", "KB gzipped", "KB raw", "files", "ratio vs shell", "budget"];
  const rows = [
    [
      "empty React Router 7 app",
      "/",
      kb(base.gzipBytes),
      kb(base.rawBytes),
      String(base.files.length),
      "1.00×",
      "",
    ],
    ...pages.map((page) => {
      const ratio = page.gzipBytes / base.gzipBytes;
      return [
        page.page.routeId.replace(/^routes\//, ""),
        page.page.url.replace(/0{8}-0{4}-4000-8000-0{12}/g, ":id"),
        kb(page.gzipBytes),
        kb(page.rawBytes),
        String(page.files.length),
        `${ratio.toFixed(2)}×`,
        ratio > MAX_RATIO ? "OVER" : "ok",
      ];
    }),
  ];
  const lines = [head, head.map(() => "---"), ...rows].map((row) => `| ${row.join(" | ")} |`);
  return lines.join("\n");
}

/** What a page over budget loads beyond the shell, largest first: where to look. */
function overLine(page: PageWeight, base: PageWeight): string {
  const ratio = (page.gzipBytes / base.gzipBytes).toFixed(2);
  const extra = beyondShell(page).slice(0, 5);
  return `  ${page.page.routeId} (${page.page.url}): ${kb(page.gzipBytes)} KB in ${page.files.length} files, ${ratio}×; largest beyond the client entry: ${extra.map(([file, size]) => `${path.basename(file)} ${kb(size)} KB`).join(", ")}`;
}

function filesBeyond(page: PageWeight): string {
  const extra = beyondShell(page);
  return [
    `\n${page.page.routeId}: ${extra.length} files beyond the client entry`,
    ...extra.map(([file, size]) => `  ${kb(size).padStart(6)} KB  ${file}`),
  ].join("\n");
}

/**
 * What the page loads beyond the client entry and its imports (React, React Router: what
 * the empty shell has too), largest first: where to look when a page is over budget.
 */
function beyondShell(page: PageWeight): [string, number][] {
  const entry = new Set([manifest.entry.module, ...manifest.entry.imports]);
  return page.files
    .filter((file) => !entry.has(file))
    .map((file): [string, number] => [file, builtFileGzipSize(buildDir, file)])
    .sort((a, b) => b[1] - a[1]);
}

/** The CSS the pages link (render-blocking), for the one-stylesheet rule. */
function cssLine(pages: PageWeight[]): string {
  const linked = [...new Set(pages.flatMap((page) => page.stylesheets))];
  const buffers = linked.map((href) =>
    readFileSync(path.join(buildDir, "client", href.replace(/#$/, ""))),
  );
  const raw = buffers.reduce((sum, b) => sum + b.length, 0);
  const gz = buffers.reduce((sum, b) => sum + gzipSize(b), 0);
  const most = Math.max(...pages.map((page) => page.stylesheets.length));
  const one = pages.filter((page) => page.stylesheets.length === 1).length;
  return `CSS the pages link: ${linked.length} file(s), ${kb(raw)} KB raw, ${kb(gz)} KB gzipped in all; render-blocking stylesheets per page: at most ${most} (${one} of ${pages.length} pages link exactly one).`;
}

function versionOf(name: string): string {
  const file = path.join(projectRoot, "node_modules", name, "package.json");
  return (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version;
}

/** build/ as the sources are now: rebuilt (the README's `npm run build`) when older. */
function ensureFreshBuild() {
  const manifestTime = manifestMtime();
  const sourceTime = newestSource();
  if (manifestTime !== null && manifestTime >= sourceTime) return;
  if (args["no-build"]) {
    console.error(
      manifestTime === null
        ? "No build in build/: run npm run build first (or drop --no-build)."
        : "build/ is older than the sources: run npm run build first (or drop --no-build).",
    );
    process.exit(1);
  }
  console.log(
    manifestTime === null
      ? "No build yet: npm run build"
      : "build/ is older than the sources: npm run build",
  );
  const result = spawnSync("npm", ["run", "--silent", "build"], {
    cwd: projectRoot,
    encoding: "utf8",
  });
  if (result.status !== 0) {
    console.error(`npm run build failed:\n${result.stdout}\n${result.stderr}`);
    process.exit(result.status ?? 1);
  }
}

function manifestMtime(): number | null {
  const assets = path.join(buildDir, "client", "assets");
  if (!existsSync(assets)) return null;
  const name = readdirSync(assets).find((file) => /^manifest-[\w-]+\.js$/.test(file));
  return name ? statSync(path.join(assets, name)).mtimeMs : null;
}

/** The newest change among the files that make the client build. */
function newestSource(): number {
  const roots = ["app", "domain", "contracts"];
  const single = ["vite.config.ts", "react-router.config.ts", "package-lock.json"];
  let newest = 0;
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else newest = Math.max(newest, statSync(full).mtimeMs);
    }
  };
  for (const root of roots) visit(path.join(projectRoot, root));
  for (const file of single) {
    const full = path.join(projectRoot, file);
    if (existsSync(full)) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}
