import { describe, expect, it } from "vitest";
import { adminMessages } from "../contracts/admin.contract";
import { decodeCursor, encodeCursor, pageOf, rowCursor } from "./page-cursor";

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const rows = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    id: id(i + 1),
    cursorAt: `2026-11-24 06:14:${String(59 - i).padStart(2, "0")}.123456+00`,
  }));

describe("pageOf", () => {
  it("offers no next page when the extra row did not come back", () => {
    expect(pageOf([], 3, rowCursor)).toEqual({ shown: [], next: null });
    expect(pageOf(rows(2), 3, rowCursor)).toEqual({ shown: rows(2), next: null });
    // A list that ends on a page's last row: no empty page after it.
    expect(pageOf(rows(3), 3, rowCursor)).toEqual({ shown: rows(3), next: null });
  });

  it("shows `size` rows and continues after the last one shown, not the extra row", () => {
    const all = rows(4);
    const { shown, next } = pageOf(all, 3, rowCursor);
    expect(shown).toEqual(all.slice(0, 3));
    expect(next).not.toBeNull();
    expect(decodeCursor(next!)).toEqual({ createdAt: all[2]!.cursorAt, id: all[2]!.id });
  });

  it("asks cursorOf only about the last row shown", () => {
    const asked: number[] = [];
    const { next } = pageOf([1, 2, 3], 2, (n) => {
      asked.push(n);
      return `after-${n}`;
    });
    expect(next).toBe("after-2");
    expect(asked).toEqual([2]);
  });
});

describe("decodeCursor", () => {
  it("reads back what encodeCursor wrote", () => {
    const cursor = encodeCursor("2026-11-24 06:14:00.123456+00", id(7));
    expect(decodeCursor(cursor)).toEqual({ createdAt: "2026-11-24 06:14:00.123456+00", id: id(7) });
  });

  it("refuses a cursor it did not write with the list's filter message", () => {
    const foreign = [
      "",
      "not base64 \u0000",
      Buffer.from("[1,2]").toString("base64url"),
      encodeCursor("yesterday", id(1)),
      encodeCursor("2026-11-24 06:14:00+00", "not-a-uuid"),
      "x".repeat(10_000),
    ];
    for (const cursor of foreign) {
      expect(() => decodeCursor(cursor)).toThrow(adminMessages.invalidFilter);
    }
  });
});
