import { describe, expect, it } from "vitest";
import { SWIPE_THRESHOLD_PX, counterText, keyStep, swipeStep, wrapIndex } from "./carousel";

describe("wrapIndex", () => {
  it("wraps past either end", () => {
    expect(wrapIndex(4, 4)).toBe(0);
    expect(wrapIndex(-1, 4)).toBe(3);
    expect(wrapIndex(2, 4)).toBe(2);
    expect(wrapIndex(9, 4)).toBe(1);
  });

  it("stays at 0 with one image or none", () => {
    expect(wrapIndex(1, 1)).toBe(0);
    expect(wrapIndex(-1, 1)).toBe(0);
    expect(wrapIndex(3, 0)).toBe(0);
  });
});

describe("swipeStep", () => {
  const at = (x: number, y = 100) => ({ x, y });

  it("uses the SPEC's 50 px threshold", () => {
    expect(SWIPE_THRESHOLD_PX).toBe(50);
  });

  it("shows the next image after a swipe left of more than 50 px", () => {
    expect(swipeStep(at(200), at(149))).toBe(1);
    expect(swipeStep(at(300), at(20))).toBe(1);
  });

  it("shows the previous image after a swipe right of more than 50 px", () => {
    expect(swipeStep(at(100), at(151))).toBe(-1);
  });

  it("ignores a move of 50 px or less", () => {
    expect(swipeStep(at(200), at(150))).toBe(0);
    expect(swipeStep(at(100), at(150))).toBe(0);
    expect(swipeStep(at(100), at(100))).toBe(0);
  });

  it("ignores a mostly vertical move (the page is being scrolled)", () => {
    expect(swipeStep({ x: 200, y: 0 }, { x: 120, y: 300 })).toBe(0);
    expect(swipeStep({ x: 200, y: 0 }, { x: 120, y: 60 })).toBe(1);
  });

  it("takes another threshold when given one", () => {
    expect(swipeStep(at(0), at(30), 20)).toBe(-1);
  });
});

describe("keyStep and counterText", () => {
  it("maps the arrow keys and nothing else", () => {
    expect(keyStep("ArrowRight")).toBe(1);
    expect(keyStep("ArrowLeft")).toBe(-1);
    expect(keyStep("ArrowUp")).toBe(0);
    expect(keyStep("Enter")).toBe(0);
  });

  it("counts from 1 as 'n / total'", () => {
    expect(counterText(0, 4)).toBe("1 / 4");
    expect(counterText(3, 4)).toBe("4 / 4");
  });
});
