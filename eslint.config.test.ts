import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * The import zones of eslint.config.js, proven on checked-in fixtures that the normal
 * lint run ignores (`*.lint-fixture.ts`): a rule that never fires would pass `npm run
 * lint` just as well as one that works.
 */
const eslint = new ESLint({ cwd: import.meta.dirname, ignore: false });

// The first lint builds the type-aware program for the whole project (46–63 s in CI on a
// loaded two-core machine, where it once ran past the first test's own 60 s); it is done
// here, once, so each test's bound is for its own lint.
beforeAll(async () => {
  await eslint.lintFiles(["app/lib/feature-import.lint-fixture.ts"]);
}, 240_000);

async function restrictedImports(file: string) {
  const [result] = await eslint.lintFiles([file]);
  const messages = result?.messages ?? [];
  return {
    restricted: messages.filter((m) => m.ruleId === "no-restricted-imports"),
    all: messages,
  };
}

describe("the feature zones of eslint.config.js", () => {
  it("refuses a feature importing another feature (either path) or a route", async () => {
    const { restricted } = await restrictedImports(
      "app/features/artwork/cross-feature.lint-fixture.ts",
    );
    expect(restricted.map((m) => [m.line, m.message])).toEqual([
      [3, expect.stringContaining("app/features/artwork may not import another feature")],
      [4, expect.stringContaining("app/features/artwork may not import another feature")],
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
      "app/features/artwork/server-type.lint-fixture.ts",
    );
    expect(restricted.map((m) => [m.line, m.message])).toEqual([
      [3, expect.stringContaining("app/ takes its data types from contracts/")],
    ]);
  }, 60_000);

  it("lets a feature import its own files, components, lib, domain and contracts", async () => {
    const { all } = await restrictedImports("app/features/artwork/allowed-imports.lint-fixture.ts");
    expect(all).toEqual([]);
  }, 60_000);
});

describe("the server feature boundaries of eslint.config.js", () => {
  it("refuses another feature's service or routes, and allows its repository", async () => {
    const { restricted } = await restrictedImports(
      "server/features/search/cross-feature.lint-fixture.ts",
    );
    expect(restricted.map((m) => [m.line, m.message])).toEqual([
      [3, expect.stringContaining("only through its *.repository.ts")],
      [4, expect.stringContaining("only through its *.repository.ts")],
      [5, expect.stringContaining("only through its *.repository.ts")],
    ]);
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
