import { afterEach, beforeEach, expect, vi } from "vitest";

/** An unexpected console.error fails the test (Epic Stack's rule). Tests that expect one call allowConsoleError(). */
let spy:
  | {
      mock: { calls: unknown[][] };
      mockRestore(): void;
      mockImplementation(f: () => void): unknown;
    }
  | undefined;
let allowed = false;

beforeEach(() => {
  allowed = false;
  spy = vi.spyOn(console, "error");
});

afterEach(() => {
  const calls = spy?.mock.calls ?? [];
  spy?.mockRestore();
  if (!allowed) expect(calls, "unexpected console.error").toEqual([]);
});

export function allowConsoleError() {
  allowed = true;
  spy?.mockImplementation(() => undefined);
}
