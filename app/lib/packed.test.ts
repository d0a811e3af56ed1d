import { describe, expect, it } from "vitest";
import { pack, unpack } from "./packed";

describe("pack and unpack", () => {
  it("sends the data as one JSON text and reads the same data back", () => {
    const data = { hits: [{ id: "a", price: 1250, artist: { displayName: "Ada" } }], q: "" };
    const packed = pack(data);
    expect(Object.keys(packed)).toEqual(["json"]);
    expect(typeof packed.json).toBe("string");
    expect(unpack(packed)).toEqual(data);
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
