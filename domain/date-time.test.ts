import { describe, expect, it } from "vitest";
import {
  MAX_TIME_ZONE_LENGTH,
  canonicalTimeZone,
  formatCalendarDay,
  formatCalendarDayRange,
  formatDate,
  formatDateTime,
  timeZoneChoices,
  timeZoneOrDefault,
} from "./date-time";

// 11:45 PM UTC on November 30: still the 30th in New York, already December 1 in Tokyo.
const LATE_NOVEMBER = "2026-11-30T23:45:00.000Z";
// The same wall-clock moment in summer, when New York and Berlin keep daylight time.
const LATE_JULY = "2026-07-30T23:45:00.000Z";

describe("formatDateTime", () => {
  it.each([
    ["UTC", LATE_NOVEMBER, "November 30, 2026 at 11:45 PM UTC"],
    ["America/New_York", LATE_NOVEMBER, "November 30, 2026 at 6:45 PM EST"],
    ["America/New_York", LATE_JULY, "July 30, 2026 at 7:45 PM EDT"],
    ["America/Los_Angeles", LATE_JULY, "July 30, 2026 at 4:45 PM PDT"],
    ["Europe/Berlin", LATE_NOVEMBER, "December 1, 2026 at 12:45 AM GMT+1"],
    ["Europe/Berlin", LATE_JULY, "July 31, 2026 at 1:45 AM GMT+2"],
    ["Asia/Tokyo", LATE_NOVEMBER, "December 1, 2026 at 8:45 AM GMT+9"],
    ["Asia/Kolkata", LATE_NOVEMBER, "December 1, 2026 at 5:15 AM GMT+5:30"],
  ])("in %s, %s is %j", (zone, iso, text) => {
    expect(formatDateTime(iso, zone)).toBe(text);
    expect(formatDateTime(new Date(iso), zone)).toBe(text);
  });

  it("follows the clock change: the same local hour either side of it", () => {
    // New York left daylight time at 2 AM on November 1, 2026: 1:30 AM happens twice.
    expect(formatDateTime("2026-11-01T05:30:00Z", "America/New_York")).toBe(
      "November 1, 2026 at 1:30 AM EDT",
    );
    expect(formatDateTime("2026-11-01T06:30:00Z", "America/New_York")).toBe(
      "November 1, 2026 at 1:30 AM EST",
    );
    // And skipped 2 AM on March 8: 6:59 UTC is 1:59 AM EST, 7:00 UTC is 3:00 AM EDT.
    expect(formatDateTime("2026-03-08T06:59:00Z", "America/New_York")).toBe(
      "March 8, 2026 at 1:59 AM EST",
    );
    expect(formatDateTime("2026-03-08T07:00:00Z", "America/New_York")).toBe(
      "March 8, 2026 at 3:00 AM EDT",
    );
  });

  it("writes nothing for a value that is not a moment", () => {
    expect(formatDateTime("not a date", "UTC")).toBe("");
    expect(formatDateTime(new Date(Number.NaN), "UTC")).toBe("");
  });

  it("falls back to UTC for a zone it does not know", () => {
    expect(formatDateTime(LATE_NOVEMBER, "Mars/Olympus_Mons")).toBe(
      "November 30, 2026 at 11:45 PM UTC",
    );
  });
});

describe("formatDate", () => {
  it.each([
    ["UTC", LATE_NOVEMBER, "November 30, 2026"],
    ["America/New_York", LATE_NOVEMBER, "November 30, 2026"],
    ["Asia/Tokyo", LATE_NOVEMBER, "December 1, 2026"],
    ["Europe/Berlin", LATE_JULY, "July 31, 2026"],
    ["Pacific/Honolulu", "2026-01-01T05:00:00Z", "December 31, 2025"],
  ])("in %s, %s is %j", (zone, iso, text) => expect(formatDate(iso, zone)).toBe(text));

  it("writes nothing for a value that is not a moment", () => {
    expect(formatDate("", "UTC")).toBe("");
  });
});

describe("canonicalTimeZone", () => {
  it.each([
    ["America/New_York", "America/New_York"],
    ["asia/tokyo", "Asia/Tokyo"],
    ["UTC", "UTC"],
    ["Etc/GMT+5", "Etc/GMT+5"],
    ["America/Port-au-Prince", "America/Port-au-Prince"],
  ])("%j is the zone %j", (name, zone) => expect(canonicalTimeZone(name)).toBe(zone));

  it.each([
    ["an unknown zone", "Mars/Olympus_Mons"],
    ["an offset", "+01:00"],
    ["a negative offset", "-05:00"],
    ["empty text", ""],
    ["spaces", " America/New_York "],
    ["a NUL byte", "UTC\u0000"],
    ["a lone surrogate", "Europe/\uD800Berlin"],
    ["an oversized name", `America/${"x".repeat(MAX_TIME_ZONE_LENGTH)}`],
    ["a script", "<script>alert(1)</script>"],
  ])("refuses %s", (_what, name) => expect(canonicalTimeZone(name)).toBeNull());

  it("refuses what is not text", () => {
    expect(canonicalTimeZone(null)).toBeNull();
    expect(canonicalTimeZone(42)).toBeNull();
    expect(canonicalTimeZone({ toString: () => "UTC" })).toBeNull();
  });
});

describe("timeZoneOrDefault and timeZoneChoices", () => {
  it("keeps a known zone and replaces anything else by UTC", () => {
    expect(timeZoneOrDefault("Europe/Paris")).toBe("Europe/Paris");
    expect(timeZoneOrDefault("nowhere")).toBe("UTC");
    expect(timeZoneOrDefault(null)).toBe("UTC");
    expect(timeZoneOrDefault(undefined)).toBe("UTC");
  });

  it("offers UTC first, then every zone, each one a zone the formatter accepts", () => {
    const choices = timeZoneChoices();
    expect(choices[0]).toBe("UTC");
    expect(choices).toContain("America/New_York");
    expect(new Set(choices).size).toBe(choices.length);
    for (const zone of choices) expect(canonicalTimeZone(zone)).not.toBeNull();
  });
});

describe("formatCalendarDay and formatCalendarDayRange", () => {
  it("write a day as formatDate does, the same day in every zone", () => {
    expect(formatCalendarDay("2026-11-30")).toBe("November 30, 2026");
    expect(formatCalendarDay("2026-11-30")).toBe(formatDate("2026-11-30T12:00:00Z", "UTC"));
    expect(formatCalendarDay("2026-01-01")).toBe("January 1, 2026");
  });

  it("write what a run's days share once, with one plain space each side of the dash", () => {
    expect(formatCalendarDayRange("2026-11-12", "2026-12-20")).toBe(
      "November 12 – December 20, 2026",
    );
    expect(formatCalendarDayRange("2026-11-12", "2026-11-20")).toBe("November 12 – 20, 2026");
    expect(formatCalendarDayRange("2026-11-12", "2027-01-20")).toBe(
      "November 12, 2026 – January 20, 2027",
    );
    expect(formatCalendarDayRange("2026-01-01", "2026-01-01")).toBe("January 1, 2026");
  });

  it("write nothing for what is not a calendar day", () => {
    for (const notADay of ["", "2026-13-01", "2026-11-30T10:00:00Z", "tomorrow", "2026-11-3\0"]) {
      expect(formatCalendarDay(notADay)).toBe("");
      expect(formatCalendarDayRange(notADay, "2026-12-20")).toBe("");
      expect(formatCalendarDayRange("2026-11-12", notADay)).toBe("");
    }
  });
});
