import { describe, expect, it } from "vitest";
import { formatDate } from "../../../domain/date-time";
import { exhibitionDates, exhibitionTiming, todayIsoDay } from "./exhibition-dates";

describe("exhibitionDates", () => {
  it("writes its days as every other page and e-mail writes a day", () => {
    expect(exhibitionDates("2026-11-30", null)).toBe(
      `From ${formatDate("2026-11-30T12:00:00Z", "UTC")}`,
    );
  });

  it("writes a run within one year once with its year", () => {
    expect(exhibitionDates("2026-11-12", "2026-12-20")).toBe("November 12 – December 20, 2026");
  });

  it("writes a run within one month with the month once", () => {
    expect(exhibitionDates("2026-11-12", "2026-11-20")).toBe("November 12 – 20, 2026");
  });

  it("writes both years of a run across the new year", () => {
    expect(exhibitionDates("2026-11-12", "2027-01-20")).toBe(
      "November 12, 2026 – January 20, 2027",
    );
  });

  it("writes a one-day run as that day, and never shifts a day by the zone", () => {
    expect(exhibitionDates("2026-01-01", "2026-01-01")).toBe("January 1, 2026");
  });

  it("says from or until when only one day is set, and nothing without days", () => {
    expect(exhibitionDates("2026-11-12", null)).toBe("From November 12, 2026");
    expect(exhibitionDates(null, "2026-12-20")).toBe("Until December 20, 2026");
    expect(exhibitionDates(null, null)).toBeNull();
  });
});

describe("exhibitionTiming", () => {
  it("is upcoming before the first day, current on both end days, ended after the last", () => {
    expect(exhibitionTiming("2026-11-12", "2026-12-20", "2026-11-11")).toBe("upcoming");
    expect(exhibitionTiming("2026-11-12", "2026-12-20", "2026-11-12")).toBe("current");
    expect(exhibitionTiming("2026-11-12", "2026-12-20", "2026-12-20")).toBe("current");
    expect(exhibitionTiming("2026-11-12", "2026-12-20", "2026-12-21")).toBe("ended");
  });

  it("is current without days (the console's switch alone decides)", () => {
    expect(exhibitionTiming(null, null, "2026-11-29")).toBe("current");
  });
});

describe("todayIsoDay", () => {
  it("is the UTC calendar day", () => {
    expect(todayIsoDay(new Date("2026-11-29T23:30:00-05:00"))).toBe("2026-11-30");
  });
});
