import { describe, expect, it } from "vitest";
import { appendVary, isCompressible, negotiateCoding } from "./content-coding";

describe("negotiateCoding", () => {
  it.each([
    [undefined, "identity"],
    ["", "identity"],
    ["identity", "identity"],
    ["gzip", "gzip"],
    ["br", "br"],
    ["gzip, deflate, br", "br"],
    ["gzip, deflate, br, zstd", "br"],
    ["GZIP", "gzip"],
    ["x-gzip", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["br;q=0.4, gzip;q=0.5", "gzip"],
    ["br;q=0.5, gzip;q=0.5", "br"],
    ["gzip;q=0, br;q=0", "identity"],
    ["*", "br"],
    ["*;q=0", "identity"],
    ["gzip, *;q=0", "gzip"],
    ["br;q=0, *", "gzip"],
    ["br;q=2", "identity"],
    ["br;q=abc, gzip", "gzip"],
    ["br ; q=0.001", "br"],
    ["deflate", "identity"],
    [" , ;;, br", "br"],
  ])("%j → %s", (header, expected) => {
    expect(negotiateCoding(header)).toBe(expected);
  });

  it("reads only the start of a huge header, and answers at once", () => {
    const huge = `${"x-unknown;q=0.1, ".repeat(20_000)}br`;
    const start = performance.now();
    expect(negotiateCoding(huge)).toBe("identity");
    expect(negotiateCoding(`gzip, ${huge}`)).toBe("gzip");
    expect(performance.now() - start).toBeLessThan(1000);
  });
});

describe("isCompressible", () => {
  it.each([
    ["text/html; charset=utf-8", true],
    ["application/json", true],
    ["text/css", true],
    ["text/javascript", true],
    ["image/svg+xml", true],
    ["application/xml", true],
    ["text/plain;charset=UTF-8", true],
    ["text/x-script", true],
    ["image/png", false],
    ["image/webp", false],
    ["application/octet-stream", false],
    ["font/woff2", false],
    ["text/event-stream", false],
    ["text/event-stream; charset=utf-8", false],
    [null, false],
  ])("%s → %s", (type, expected) => {
    expect(isCompressible(type)).toBe(expected);
  });
});

describe("appendVary", () => {
  it("adds Accept-Encoding once, beside what is there", () => {
    const headers = new Headers({ Vary: "Origin" });
    appendVary(headers, "Accept-Encoding");
    appendVary(headers, "accept-encoding");
    expect(headers.get("Vary")).toBe("Origin, Accept-Encoding");
    const star = new Headers({ Vary: "*" });
    appendVary(star, "Accept-Encoding");
    expect(star.get("Vary")).toBe("*");
  });
});
