import { describe, expect, it } from "vitest";
import { applySelection, filterSelectionReducer as reduce, removeFilter } from "./filter-selection";

describe("filter selections (SPEC §4)", () => {
  it("toggles ids on and off within a type", () => {
    let state = reduce({}, { type: "toggle", filter: "cities", id: "a" });
    state = reduce(state, { type: "toggle", filter: "cities", id: "b" });
    expect(state).toEqual({ cities: ["a", "b"] });
    state = reduce(state, { type: "toggle", filter: "cities", id: "a" });
    expect(state).toEqual({ cities: ["b"] });
  });

  it("removes the type when its last id is unchecked", () => {
    const state = reduce(
      { cities: ["a"], categories: ["x"] },
      { type: "toggle", filter: "cities", id: "a" },
    );
    expect(state).toEqual({ categories: ["x"] });
    expect("cities" in state).toBe(false);
  });

  it("Clear removes only the current type", () => {
    const state = reduce(
      { cities: ["a"], priceRanges: ["1"] },
      { type: "clear", filter: "priceRanges" },
    );
    expect(state).toEqual({ cities: ["a"] });
  });

  it("Apply gives null when nothing is selected, the selection otherwise", () => {
    expect(applySelection({})).toBeNull();
    expect(applySelection({ cities: [] })).toBeNull();
    expect(applySelection({ cities: ["a", "a"] })).toEqual({ cities: ["a"] });
  });

  it("reset replaces the state, dropping empty types", () => {
    expect(
      reduce({ cities: ["a"] }, { type: "reset", selection: { categories: ["x"], cities: [] } }),
    ).toEqual({
      categories: ["x"],
    });
    expect(reduce({ cities: ["a"] }, { type: "reset", selection: null })).toEqual({});
  });

  it("removes one chip", () => {
    expect(removeFilter({ cities: ["a", "b"] }, "cities", "a")).toEqual({ cities: ["b"] });
    expect(removeFilter({ cities: ["a"] }, "cities", "a")).toEqual({});
  });

  it("never changes the state it was given", () => {
    const state = { cities: ["a"] };
    reduce(state, { type: "toggle", filter: "cities", id: "b" });
    expect(state).toEqual({ cities: ["a"] });
  });
});
