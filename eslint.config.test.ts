import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";

/**
 * The import zones of eslint.config.js, proven on deliberate violations kept in
 * lint-fixtures/ (which the normal lint run ignores): a rule that never fires would pass
 * `npm run lint` just as well as one that works. Each fixture mirrors the path it is
 * linted at (lint-fixtures/app/lib/x.ts is linted as app/lib/x.ts), so the zones apply to
 * it while feature folders hold only real code. The rules proven here read import paths
 * and syntax, not types, so the type-aware program is not built.
 */
const eslint = new ESLint({
  cwd: import.meta.dirname,
  ignore: false,
  overrideConfig: [tseslint.configs.disableTypeChecked],
});

async function restrictedImports(file: string) {
  const code = await readFile(join(import.meta.dirname, "lint-fixtures", file), "utf8");
  const [result] = await eslint.lintText(code, { filePath: join(import.meta.dirname, file) });
  const messages = result?.messages ?? [];
  return {
    restricted: messages.filter((m) => m.ruleId === "no-restricted-imports"),
    all: messages,
  };
}

describe("the feature zones of eslint.config.js", () => {
  it("refuses a feature importing another feature (either path) or a route", async () => {
    const { restricted } = await restrictedImports(
      "app/features/artworks/cross-feature.lint-fixture.ts",
    );
    expect(restricted.map((m) => [m.line, m.message])).toEqual([
      [3, expect.stringContaining("app/features/artworks may not import another feature")],
      [4, expect.stringContaining("app/features/artworks may not import another feature")],
      [5, expect.stringContaining("Features never import routes")],
    ]);
  }, 60_000);

  it("refuses shared code (app/lib, app/components) importing a feature", async () => {
    const { restricted } = await restrictedImports("app/lib/feature-import.lint-fixture.ts");
    expect(restricted.map((m) => [m.line, m.message])).toEqual([
      [2, expect.stringContaining("app/components and app/lib are shared")],
    ]);
  }, 60_000);

  it("refuses browser code importing from server/, even a type", async () => {
    const { restricted } = await restrictedImports(
      "app/features/artworks/server-type.lint-fixture.ts",
    );
    expect(restricted.map((m) => [m.line, m.message])).toEqual([
      [3, expect.stringContaining("app/ takes its data types from contracts/")],
    ]);
  }, 60_000);

  it("lets a feature import its own files, components, lib, domain and contracts", async () => {
    const { all } = await restrictedImports(
      "app/features/artworks/allowed-imports.lint-fixture.ts",
    );
    expect(all).toEqual([]);
  }, 60_000);
});

describe("the server feature boundaries of eslint.config.js", () => {
  it("refuses another feature's service, routes or repository, and allows its api.ts", async () => {
    const { restricted } = await restrictedImports(
      "server/features/search/cross-feature.lint-fixture.ts",
    );
    expect(restricted.map((m) => [m.line, m.message])).toEqual([
      [4, expect.stringContaining("only through its <feature>.api.ts")],
      [5, expect.stringContaining("only through its <feature>.api.ts")],
      [6, expect.stringContaining("only through its <feature>.api.ts")],
      [7, expect.stringContaining("only through its <feature>.api.ts")],
    ]);
  }, 60_000);

  it("refuses an upstream api.ts on the money path: orders importing purchase or payouts", async () => {
    const { restricted } = await restrictedImports(
      "server/features/orders/upstream.lint-fixture.ts",
    );
    expect(restricted.map((m) => [m.line, m.message])).toEqual([
      [4, expect.stringContaining("orders may not import purchase or payouts")],
      [5, expect.stringContaining("orders may not import purchase or payouts")],
    ]);
  }, 60_000);

  it("refuses payouts reaching orders' internals or purchase, and allows orders.api.ts", async () => {
    const { restricted } = await restrictedImports(
      "server/features/payouts/orders-internals.lint-fixture.ts",
    );
    expect(restricted.map((m) => [m.line, m.message])).toEqual([
      [3, expect.stringContaining("only through its <feature>.api.ts")],
      [4, expect.stringContaining("payouts may not import purchase")],
    ]);
  }, 60_000);

  it("lets purchase import orders' api.ts, downstream", async () => {
    const { all } = await restrictedImports("server/features/purchase/downstream.lint-fixture.ts");
    expect(all).toEqual([]);
  }, 60_000);
});

describe("the shared layers of eslint.config.js", () => {
  it("keeps contracts/ free of server code", async () => {
    const { restricted } = await restrictedImports("contracts/server-import.lint-fixture.ts");
    expect(restricted.map((m) => [m.line, m.message])).toEqual([
      [3, expect.stringContaining("contracts/ is shared by the server and the browser")],
    ]);
  }, 60_000);

  it("keeps domain/ below contracts/", async () => {
    const { restricted } = await restrictedImports("domain/contract-import.lint-fixture.ts");
    expect(restricted.map((m) => [m.line, m.message])).toEqual([
      [3, expect.stringContaining("domain/ is shared and has no I/O")],
    ]);
  }, 60_000);
});

describe("the framework's internals", () => {
  it("refuses reading React Router's fields from history.state in app/", async () => {
    const { all } = await restrictedImports("app/lib/history-state.lint-fixture.ts");
    expect(
      all.filter((m) => m.ruleId === "no-restricted-syntax").map((m) => [m.line, m.message]),
    ).toEqual([
      [3, expect.stringContaining("React Router's private fields")],
      [4, expect.stringContaining("React Router's private fields")],
    ]);
  }, 60_000);
});
