import { describe, expect, it } from "vitest";
import { safeRedirectPath, signInPath } from "./safe-path";

describe("safeRedirectPath", () => {
  it.each(["/", "/profile", "/artwork/1?x=1#top", "/a/b%2Fc", "/search?q=//x"])(
    "keeps the same-site path %s",
    (path) => {
      expect(safeRedirectPath(path)).toBe(path);
    },
  );

  it.each([
    ["a backslash, which browsers read as a slash", "/\\evil.example"],
    ["a backslash after the slash", "/\\/evil.example"],
    ["a protocol-relative address", "//evil.example"],
    ["an absolute address", "https://evil.example/"],
    ["a scheme", "javascript:alert(1)"],
    ["a tab, which browsers drop", "/\t/evil.example"],
    ["a newline", "/\n/evil.example"],
    ["a NUL", "/\u0000x"],
    ["DEL", "/\u007fx"],
    ["a relative path", "profile"],
    ["nothing", ""],
  ])("refuses %s", (_, path) => {
    expect(safeRedirectPath(path)).toBe("/");
  });

  it("falls back when there is no target, to the fallback given", () => {
    expect(safeRedirectPath(null)).toBe("/");
    expect(safeRedirectPath(undefined, "/profile")).toBe("/profile");
    expect(safeRedirectPath("//evil.example", "/profile")).toBe("/profile");
  });
});

describe("signInPath", () => {
  it("comes back to a same-site path, encoded", () => {
    expect(signInPath("/offers/abc")).toBe("/signin?next=%2Foffers%2Fabc");
    expect(signInPath("/offers/a?tab=x&y=1")).toBe("/signin?next=%2Foffers%2Fa%3Ftab%3Dx%26y%3D1");
    // The sign-in page reads it back as it was.
    const next = new URL(`http://x${signInPath("/offers/a?b=c")}`).searchParams.get("next");
    expect(safeRedirectPath(next)).toBe("/offers/a?b=c");
  });

  it.each(["//evil.example", "https://evil.example/", "/\\evil.example", "offers", "", "/"])(
    "gives the plain sign-in page for %j",
    (path) => {
      expect(signInPath(path)).toBe("/signin");
    },
  );
});
