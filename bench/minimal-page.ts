/**
 * The framework's floor for bench/throughput.bench.ts: the empty React Router app of
 * bench/empty-shell.ts (same versions, React Router's default server entry) with one page,
 * `/artworks/:id`, whose loader does the bare server's primary-key read through its load
 * context and renders every field of the row. What any server-rendered React Router page
 * costs per request before the app adds its own markup.
 */
import { buildShellWith } from "./empty-shell";

const FILES: Record<string, string> = {
  "app/routes.ts": `import { type RouteConfig, index, route } from "@react-router/dev/routes";
export default [
  index("routes/home.tsx"),
  route("artworks/:id", "routes/artwork.tsx"),
] satisfies RouteConfig;
`,
  "app/routes/artwork.tsx": `type Row = Record<string, unknown>;
type Args = { params: { id?: string }; context: { readArtwork: (id: string) => Promise<Row | undefined> } };

export async function loader({ params, context }: Args) {
  const row = await context.readArtwork(params.id ?? "");
  if (!row) throw new Response("Not found", { status: 404 });
  return row;
}

export default function Artwork({ loaderData }: { loaderData: Row }) {
  return (
    <article>
      <h1>{String(loaderData.title ?? "")}</h1>
      <dl>
        {Object.entries(loaderData).map(([name, value]) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>{value === null ? "" : typeof value === "object" ? JSON.stringify(value) : String(value)}</dd>
          </div>
        ))}
      </dl>
    </article>
  );
}
`,
};

/** Builds the minimal app; its build folder and a function that deletes it all. */
export function buildMinimalPage(repoRoot: string) {
  return buildShellWith(repoRoot, FILES);
}
