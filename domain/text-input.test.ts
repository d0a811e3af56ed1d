import { describe, expect, it } from "vitest";
import { hasIllFormedPercentEncoding, inputMessages, textFault } from "./text-input";

describe("textFault", () => {
  it("finds a lone surrogate in any string or key, at any depth", () => {
    expect(textFault("x\ud800")).toBe(inputMessages.illFormedText);
    expect(textFault("\udc00x")).toBe(inputMessages.illFormedText);
    expect(textFault({ a: [{ b: "ok" }, { c: "\udbff" }] })).toBe(inputMessages.illFormedText);
    expect(textFault({ "\ud83c": 1 })).toBe(inputMessages.illFormedText);
    // A low surrogate before its high one is two lone ones.
    expect(textFault("\udf68\ud83c")).toBe(inputMessages.illFormedText);
  });

  it("names a NUL character first, and passes well-formed text", () => {
    expect(textFault({ a: "\u0000", b: "\ud800" })).toBe(inputMessages.nulCharacter);
    expect(textFault({ name: "Zoë 🎨", n: 1, none: null, list: ["\uffff"] })).toBeNull();
  });
});

describe("hasIllFormedPercentEncoding", () => {
  it.each(["%ED%A0%80", "a%FFb", "%C0%AF", "%E2%82", "x=%80"])("finds %s", (text) => {
    expect(hasIllFormedPercentEncoding(text)).toBe(true);
  });

  it.each(["%C3%A9", "100%", "%zz", "a=%F0%9F%8E%A8&b=%20", "/path?q=Zo%C3%AB"])(
    "passes %s",
    (text) => {
      expect(hasIllFormedPercentEncoding(text)).toBe(false);
    },
  );
});
