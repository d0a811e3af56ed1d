import { describe, expect, it } from "vitest";
import { pack, unpack } from "./packed";

describe("pack and unpack", () => {
  it("sends the data as one JSON text and reads the same data back", () => {
    const data = {
      hits: [
        { id: "a", price: 1250, artist: { id: "x", displayName: "Ada" }, tags: ["b", "c"] },
        { id: "b", price: null, artist: { id: "y", displayName: "Bo" }, tags: [] },
      ],
      q: "",
      empty: [],
      one: [{ id: "z" }],
      mixed: [{ a: 1 }, { b: 2 }, 3, "four", [5]],
      nested: [[{ a: 1 }, { a: 2 }], []],
      facets: { cities: { "c-1": 14 } },
    };
    const packed = pack(data);
    expect(Object.keys(packed)).toEqual(["json"]);
    expect(typeof packed.json).toBe("string");
    expect(unpack(packed)).toEqual(data);
  });

  it("writes a list of same-shaped objects as a table: its keys once", () => {
    const cards = Array.from({ length: 30 }, (_, i) => ({ id: `w${i}`, title: `Work ${i}` }));
    const { json } = pack({ cards });
    expect(json.match(/"title"/g)).toHaveLength(1);
    expect(unpack<{ cards: typeof cards }>({ json }).cards).toEqual(cards);
  });

  it("leaves out a key whose value is undefined, as JSON does, in a table too", () => {
    const data = { a: undefined, list: [{ x: 1, y: undefined }, { x: 2 }] };
    const back = unpack(pack(data));
    expect(back).toEqual({ list: [{ x: 1 }, { x: 2 }] });
    expect("a" in back).toBe(false);
    expect("y" in back.list[0]!).toBe(false);
  });

  it("refuses what JSON would turn into something else", () => {
    expect(() => pack({ at: new Date(0) })).toThrow(/plain JSON/);
    expect(() => pack({ ids: new Set(["a"]) })).toThrow(/plain JSON/);
  });

  it("gives the same objects for the same packed data, and new ones for new data", () => {
    const packed = pack({ query: { q: "blue" } });
    expect(unpack(packed)).toBe(unpack(packed));
    // What React Router hands over after loading again is a new object, even if equal.
    const again = { ...packed };
    expect(unpack(again)).not.toBe(unpack(packed));
    expect(unpack(again)).toEqual(unpack(packed));
  });
});
