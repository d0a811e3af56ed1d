import { describe, expect, it } from "vitest";
import { ORDER_STATUSES } from "./orders";
import {
  averageText,
  isReviewable,
  mayEditReview,
  reviewEditableUntil,
  reviewerName,
  starsLabel,
} from "./reviews";

describe("isReviewable", () => {
  it("opens completed orders and those settled with a partial refund, nothing else", () => {
    expect(ORDER_STATUSES.filter(isReviewable)).toEqual(["completed", "partially_refunded"]);
  });
});

describe("the edit window", () => {
  const written = new Date("2026-11-01T12:00:00Z");

  it("lasts 30 days to the millisecond", () => {
    expect(reviewEditableUntil(written).toISOString()).toBe("2026-12-01T12:00:00.000Z");
    expect(mayEditReview(written, new Date("2026-12-01T11:59:59.999Z"))).toBe(true);
    expect(mayEditReview(written, new Date("2026-12-01T12:00:00.000Z"))).toBe(false);
  });
});

describe("texts", () => {
  it("rounds the average to one decimal", () => {
    expect(averageText(4.333)).toBe("4.3");
    expect(averageText(4.25)).toBe("4.3");
    expect(averageText(5)).toBe("5.0");
  });

  it("reads a rating out", () => {
    expect(starsLabel(4)).toBe("4 out of 5 stars");
  });
});

describe("reviewerName", () => {
  it("gives the first name and the last name's initial", () => {
    expect(reviewerName("Rosa Reviewer")).toBe("Rosa R.");
    expect(reviewerName(" Ana  María  de la cruz ")).toBe("Ana C.");
    expect(reviewerName("Cher")).toBe("Cher");
    expect(reviewerName("  ")).toBe("A buyer");
  });
});
