import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../server/db/client";
import { queryRows } from "../server/db/rows";
import { searchArtworks } from "../server/features/search/search.repository";
import { RELEVANCE_LIMIT } from "../server/features/search/search-text";

type SearchInput = Parameters<typeof searchArtworks>[1];
type Executor = { execute(query: SQL): Promise<unknown> };

type PlanNode = {
  "Node Type": string;
  "Actual Rows": number;
  "Actual Loops": number;
  "Relation Name"?: string;
  "Index Name"?: string;
  Alias?: string;
  "Sort Key"?: string[];
  "Sort Method"?: string;
  "Subplan Name"?: string;
  "Parent Relationship"?: string;
  Plans?: PlanNode[];
};
type ExplainOutput = { Plan: PlanNode; "Execution Time": number; "Planning Time": number };

export type ExplainedQuery = { label: string; plan: ExplainOutput };

/**
 * EXPLAIN (ANALYZE) of exactly the statements `searchArtworks` runs: it is handed a
 * database that explains each statement and then runs it, so that what one statement
 * finds (the artists named like the text, the words of its prefixes) is there for the
 * next, as in a real search.
 */
export async function explainSearch(db: Database, input: SearchInput): Promise<ExplainedQuery[]> {
  const explained: ExplainOutput[] = [];
  const explaining: Executor = {
    async execute(query: SQL) {
      const [row] = await queryRows<{ "QUERY PLAN": unknown }>(
        db,
        sql`explain (analyze, format json) ${query}`,
      );
      const raw = row?.["QUERY PLAN"];
      const parsed = (typeof raw === "string" ? JSON.parse(raw) : raw) as ExplainOutput[];
      explained.push(parsed[0]!);
      return db.execute(query);
    },
  };
  await searchArtworks(explaining, input);
  // A text search first looks up artists and the words of its prefixes; then come the page
  // of hits and the counts: the kept counts without text.
  // With text the hits count their 1,001 candidates, and without a facet filter sum their
  // cells too (decision 0036): then no count statement follows. With a facet filter the
  // first COUNT_LIMIT + 1 matches' cells are summed by a statement of their own.
  const [hits, counts, total] = explained.slice(input.text ? 1 : 0);
  const facetFiltered =
    input.filters.cities.length +
      input.filters.categories.length +
      input.filters.priceRanges.length >
    0;
  return [
    {
      label: input.text && !facetFiltered ? "hits (+ counts of the 1,001 candidates)" : "hits",
      plan: hits!,
    },
    ...(counts
      ? [
          {
            label: input.text
              ? "counts (first 1,001 matches: total + facets)"
              : "counts (kept cells)",
            plan: counts,
          },
        ]
      : []),
    ...(total ? [{ label: "total with the filters, up to 1,001", plan: total }] : []),
  ];
}

/** Rows a node produced over all its loops (PostgreSQL 18 reports per-loop averages as decimals). */
function rowsOf(node: PlanNode): number {
  return Math.round(node["Actual Rows"] * node["Actual Loops"]);
}

function describe(node: PlanNode): string {
  const on = node["Index Name"]
    ? ` using ${node["Index Name"]}`
    : node["Relation Name"]
      ? ` on ${node["Relation Name"]}`
      : node.Alias && node["Node Type"].includes("Scan")
        ? ` on ${node.Alias}`
        : "";
  const sub = node["Subplan Name"] ? ` [${node["Subplan Name"]}]` : "";
  const sort = node["Sort Key"]
    ? ` by ${node["Sort Key"].map((k) => (k.includes("ts_rank") ? "score(ts_rank…)" : k)).join(", ")}` +
      ` (${node["Sort Method"] ?? "?"})`
    : "";
  return `${node["Node Type"]}${on}${sub}${sort}: ${rowsOf(node)} rows`;
}

/** A condensed plan: node, index or table, sort keys, actual rows (× loops). */
export function condensedPlan(plan: ExplainOutput): string[] {
  const lines: string[] = [];
  function walk(node: PlanNode, depth: number) {
    lines.push(`${"  ".repeat(depth)}${describe(node)}`);
    for (const child of node.Plans ?? []) walk(child, depth + 1);
  }
  walk(plan.Plan, 0);
  lines.push(`execution ${plan["Execution Time"].toFixed(1)} ms`);
  return lines;
}

/** Every Sort of the plan with the number of rows it had to sort. */
export function sortsOf(plan: ExplainOutput): { key: string; rows: number; ranked: boolean }[] {
  const sorts: { key: string; rows: number; ranked: boolean }[] = [];
  function walk(node: PlanNode) {
    if (node["Node Type"] === "Sort" || node["Node Type"] === "Incremental Sort") {
      const key = (node["Sort Key"] ?? []).join(", ");
      const input = node.Plans?.[0];
      sorts.push({ key, rows: input ? rowsOf(input) : 0, ranked: key.includes("ts_rank") });
    }
    for (const child of node.Plans ?? []) walk(child);
  }
  walk(plan.Plan);
  return sorts;
}

/** The most rows any node of the plan produced, and the most a bitmap index scan did. */
function largestRows(plan: ExplainOutput): { any: number; bitmap: number } {
  const largest = { any: 0, bitmap: 0 };
  function walk(node: PlanNode) {
    const rows = rowsOf(node);
    largest.any = Math.max(largest.any, rows);
    if (node["Node Type"] === "Bitmap Index Scan") largest.bitmap = Math.max(largest.bitmap, rows);
    for (const child of node.Plans ?? []) walk(child);
  }
  walk(plan.Plan);
  return largest;
}

/** Prints the condensed plans of a search, and how many rows were ranked and sorted. */
export async function printSearchPlans(
  db: Database,
  name: string,
  input: SearchInput,
  nbHits: number,
): Promise<void> {
  for (const { label, plan } of await explainSearch(db, input)) {
    console.log(`\nEXPLAIN ANALYZE, ${name}, ${label}:`);
    for (const line of condensedPlan(plan)) console.log(`  ${line}`);
    const sorts = sortsOf(plan);
    for (const sort of sorts) {
      console.log(
        `  → sort of ${sort.rows} rows${sort.ranked ? " by relevance (ts_rank)" : ""}: ${sort.key}`,
      );
    }
    if (!label.startsWith("hits")) {
      const largest = largestRows(plan);
      console.log(
        `  ⇒ largest node ${largest.any} rows; largest bitmap index scan ${largest.bitmap} rows` +
          (input.text
            ? ` (${largest.bitmap > RELEVANCE_LIMIT + 1 ? "A BITMAP OF MORE THAN THE CAP" : "no bitmap past the cap"})`
            : ""),
      );
      continue;
    }
    const largest = sorts.reduce((n, s) => Math.max(n, s.rows), 0);
    if (!input.text) {
      console.log(`  ⇒ ${nbHits} matches; no ranking (no text); largest sort ${largest} rows`);
      continue;
    }
    const ranked = sorts.filter((s) => s.ranked).reduce((n, s) => Math.max(n, s.rows), 0);
    const verdict = ranked <= RELEVANCE_LIMIT ? "within the limit" : "MORE THAN THE LIMIT";
    console.log(
      `  ⇒ ${nbHits} matches; ranked ${ranked} rows (${verdict}); largest sort ${largest} rows`,
    );
  }
}
