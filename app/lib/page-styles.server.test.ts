import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import type { EntryContext } from "react-router";
import { describe, expect, it } from "vitest";
import { FIRST_PAINT_ROUTES, pageStyles } from "./page-styles.server";

const STYLES = path.resolve(import.meta.dirname, "../styles");

/** The files a stylesheet imports, in order, as paths from the repository. */
function imports(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(/@import "([^"]+)";/g)].map((m) =>
    path.relative(STYLES, path.resolve(path.dirname(file), m[1] ?? "")),
  );
}

function contextFor(leaf: string, errors: Record<string, unknown> | null = null) {
  return {
    staticHandlerContext: {
      matches: [{ route: { id: "root" } }, { route: { id: leaf } }],
      errors,
    },
  } as unknown as Pick<EntryContext, "staticHandlerContext">;
}

describe("the first-paint stylesheets (decision 0038)", () => {
  const site = imports(path.join(STYLES, "site.css"));
  const parts = readdirSync(path.join(STYLES, "first-paint")).filter((f) => f.endsWith(".css"));

  it.each(parts)(
    "%s takes site.css's files in site.css's order, so the cascade is the same",
    (file) => {
      const own = imports(path.join(STYLES, "first-paint", file));
      expect(own.length).toBeGreaterThan(1);
      const positions = own.map((f) => site.indexOf(f));
      expect(positions).not.toContain(-1);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      // The layout's and the base rules are in every one: the header and footer are on every page.
      expect(own.slice(0, 2)).toEqual(site.slice(0, 2));
    },
  );

  it("gives a landing page its part and says the whole stylesheet follows", () => {
    for (const route of FIRST_PAINT_ROUTES) {
      const styles = pageStyles(contextFor(route));
      expect(styles.partial).toBe(true);
    }
    expect(FIRST_PAINT_ROUTES).toEqual(
      expect.arrayContaining(["routes/home", "routes/artwork", "routes/artist"]),
    );
  });

  it("gives every other page, and a landing page that answers with an error, the whole stylesheet", () => {
    // (What the rules hold is checked in the browser, e2e/first-paint.spec.ts: Vitest
    // does not build CSS, so `?inline` is empty here.)
    const whole = pageStyles(contextFor("routes/profile"));
    expect(whole.partial).toBe(false);
    expect(pageStyles(contextFor("routes/signin"))).toEqual(whole);
    expect(pageStyles(contextFor("routes/home", { "routes/home": new Error("down") }))).toEqual(
      whole,
    );
  });
});
