import { describe, expect, it } from "vitest";
import { TIME_ZONE_COOKIE } from "./time-zone-cookie";
import { pageTimeZone, timeZoneFromCookie } from "./time-zone.server";

describe("timeZoneFromCookie", () => {
  it("reads the browser's zone among other cookies", () => {
    const header = `a=1; ${TIME_ZONE_COOKIE}=America%2FNew_York; b=2`;
    expect(timeZoneFromCookie(header)).toBe("America/New_York");
    expect(timeZoneFromCookie(`${TIME_ZONE_COOKIE}=Asia/Tokyo`)).toBe("Asia/Tokyo");
  });

  it.each([
    ["no cookie header", null],
    ["no zone cookie", "a=1; b=2"],
    ["a cookie of a longer name", `x${TIME_ZONE_COOKIE}=Asia%2FTokyo`],
    ["an unknown zone", `${TIME_ZONE_COOKIE}=Mars%2FBase`],
    ["an offset", `${TIME_ZONE_COOKIE}=%2B01%3A00`],
    ["a NUL byte", `${TIME_ZONE_COOKIE}=UTC%00`],
    ["broken %-encoding", `${TIME_ZONE_COOKIE}=Asia%2`],
    ["an oversized value", `${TIME_ZONE_COOKIE}=${"A".repeat(10_000)}`],
  ])("ignores %s", (_, header) => expect(timeZoneFromCookie(header)).toBeNull());
});

describe("pageTimeZone", () => {
  const cookie = `${TIME_ZONE_COOKIE}=Europe%2FBerlin`;

  it("takes the browser's zone first, then the profile's, then UTC", () => {
    expect(pageTimeZone(cookie, "Asia/Tokyo")).toBe("Europe/Berlin");
    expect(pageTimeZone(null, "Asia/Tokyo")).toBe("Asia/Tokyo");
    expect(pageTimeZone(null, null)).toBe("UTC");
    expect(pageTimeZone(`${TIME_ZONE_COOKIE}=nowhere`, undefined)).toBe("UTC");
  });
});
