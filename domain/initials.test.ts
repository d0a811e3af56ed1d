import { describe, expect, it } from "vitest";
import { initials } from "./initials";

describe("initials (SPEC §5)", () => {
  it.each([
    ["Ada Lovelace", "AL"],
    ["ada lovelace", "AL"],
    ["Mary Ann Evans", "MAE"],
    ["  Prince  ", "P"],
    ["Émile Zola", "ÉZ"],
    ["", "U"],
    ["   ", "U"],
    [null, "U"],
    [undefined, "U"],
  ])("%j → %s", (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});
