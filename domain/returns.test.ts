import { describe, expect, it } from "vitest";
import { addDays } from "./orders";
import { orderReturnWindow, returnMessages as m, returnPolicyText, returnRefusal } from "./returns";

describe("the return policy", () => {
  it("says what applies before anyone pays", () => {
    expect(returnPolicyText({ finalSale: false, windowDays: 14 })).toBe(
      "Returns accepted within 14 days of delivery.",
    );
    expect(returnPolicyText({ finalSale: false, windowDays: 1 })).toBe(
      "Returns accepted within 1 day of delivery.",
    );
    expect(returnPolicyText({ finalSale: true, windowDays: 14 })).toBe("Final sale: no returns.");
    expect(returnPolicyText({ finalSale: false, windowDays: 0 })).toBe("Returns are not accepted.");
  });

  it("freezes no window on a final sale", () => {
    expect(orderReturnWindow({ finalSale: true, windowDays: 30 })).toBe(0);
    expect(orderReturnWindow({ finalSale: false, windowDays: 30 })).toBe(30);
  });

  it("lets a buyer ask from delivery until the window's last millisecond", () => {
    const deliveredAt = new Date("2026-06-01T12:00:00Z");
    const order = { status: "delivered" as const, deliveredAt, returnWindowDays: 14 };
    const end = addDays(deliveredAt, 14);
    expect(returnRefusal(order, new Date(end.getTime() - 1))).toBeNull();
    expect(returnRefusal(order, end)).toBe(m.windowClosed);
    expect(returnRefusal({ ...order, status: "completed" }, deliveredAt)).toBeNull();
    expect(returnRefusal({ ...order, status: "shipped", deliveredAt: null }, deliveredAt)).toBe(
      m.notReturnable,
    );
    expect(returnRefusal({ ...order, returnWindowDays: 0 }, deliveredAt)).toBe(m.noReturns);
  });
});
