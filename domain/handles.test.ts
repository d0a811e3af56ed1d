import { describe, expect, it } from "vitest";
import { isValidHandle, normalizeHandle, normalizeWebsite } from "./handles";

describe("normalizeHandle", () => {
  it.each([
    ["@ada", "ada"],
    ["@@ada", "ada"],
    ["  @ada.paints ", "ada.paints"],
    ["ada", "ada"],
    ["@", null],
    ["", null],
    [null, null],
  ])("%j → %j", (input, expected) => {
    expect(normalizeHandle(input)).toBe(expected);
  });

  it("accepts Instagram's characters only", () => {
    expect(isValidHandle("ada_lovelace.1815")).toBe(true);
    expect(isValidHandle("ada lovelace")).toBe(false);
    expect(isValidHandle("<script>")).toBe(false);
    expect(isValidHandle("a".repeat(31))).toBe(false);
  });
});

describe("normalizeWebsite", () => {
  it.each([
    ["https://ada.example.com", "https://ada.example.com/"],
    ["http://ada.example.com/work", "http://ada.example.com/work"],
    ["ada.example.com", "https://ada.example.com/"],
    ["", null],
    [null, null],
    ["javascript:alert(1)", "invalid"],
    ["data:text/html,hi", "invalid"],
    ["ftp://ada.example.com", "invalid"],
    ["not a url", "invalid"],
  ])("%j → %j", (input, expected) => {
    expect(normalizeWebsite(input)).toBe(expected);
  });
});
