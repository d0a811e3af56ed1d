/**
 * The baseline of bench/js-budget.ts: an empty React Router 7 app (a root layout and one
 * empty index route, as `create-react-router` starts) built with this repository's
 * node_modules, so the same versions of React, React Router and Vite, in a temporary
 * folder. Its one page's initial JavaScript is what any React Router page costs before
 * the app adds anything.
 */
import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

/** The app's files; package.json is written from the repository's own (see below). */
const FILES: Record<string, string> = {
  "tsconfig.json": JSON.stringify({
    compilerOptions: {
      target: "ES2022",
      module: "ESNext",
      moduleResolution: "bundler",
      jsx: "react-jsx",
      strict: true,
      skipLibCheck: true,
    },
  }),
  "react-router.config.ts": `export default { ssr: true };\n`,
  "vite.config.ts": `import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
export default defineConfig({ plugins: [reactRouter()] });
`,
  "app/routes.ts": `import { type RouteConfig, index } from "@react-router/dev/routes";
export default [index("routes/home.tsx")] satisfies RouteConfig;
`,
  "app/root.tsx": `import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse } from "react-router";

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: { error: unknown }) {
  return <h1>{isRouteErrorResponse(error) ? error.status : "Error"}</h1>;
}
`,
  "app/routes/home.tsx": `export default function Home() {
  return <h1>Empty</h1>;
}
`,
};

/** Builds the empty app; returns its build folder and a function that deletes it all. */
export function buildEmptyShell(
  repoRoot: string,
): Promise<{ buildDir: string; remove: () => Promise<void> }> {
  return buildShellWith(repoRoot, {});
}

/**
 * Builds the empty app with some of its files replaced or added (bench/minimal-page.ts);
 * returns its build folder and a function that deletes it all.
 */
export async function buildShellWith(
  repoRoot: string,
  files: Record<string, string>,
): Promise<{ buildDir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), "vernissage-empty-shell-"));
  const remove = () => rm(dir, { recursive: true, force: true });
  try {
    // React Router picks its server runtime from the declared dependencies.
    const own = JSON.parse(await readFile(path.join(repoRoot, "package.json"), "utf8")) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    const pick = (from: Record<string, string>, names: string[]) =>
      Object.fromEntries(names.map((name) => [name, from[name] ?? "*"]));
    const packageJson = {
      name: "empty-shell",
      private: true,
      type: "module",
      dependencies: pick(own.dependencies, [
        "@react-router/node",
        "isbot",
        "react",
        "react-dom",
        "react-router",
      ]),
      devDependencies: pick(own.devDependencies, ["@react-router/dev", "vite"]),
    };
    await writeFile(path.join(dir, "package.json"), JSON.stringify(packageJson, null, 2));
    for (const [name, text] of Object.entries({ ...FILES, ...files })) {
      await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
      await writeFile(path.join(dir, name), text);
    }
    await symlink(path.join(repoRoot, "node_modules"), path.join(dir, "node_modules"), "dir");
    const cli = path.join(repoRoot, "node_modules", "@react-router", "dev", "bin.js");
    const result = spawnSync(process.execPath, [cli, "build"], { cwd: dir, encoding: "utf8" });
    if (result.status !== 0) {
      throw new Error(
        `The empty React Router app did not build:\n${result.stdout}\n${result.stderr}`,
      );
    }
    return { buildDir: path.join(dir, "build"), remove };
  } catch (error) {
    await remove();
    throw error;
  }
}
