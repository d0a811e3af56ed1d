// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { OrderEventView } from "../../../contracts/orders.contract";
import { type HistoryOrder, OrderHistory, historyEntryText } from "./order-history";

afterEach(cleanup);

const AT = "2026-06-03T15:30:00.000Z";
const order: HistoryOrder = { artistName: "Ines Moreau", shippedAt: AT, carrier: "UPS" };

function event(overrides: Partial<OrderEventView>): OrderEventView {
  return {
    at: AT,
    actorRole: "system",
    actorName: null,
    fromStatus: "paid",
    toStatus: "shipped",
    note: null,
    ...overrides,
  };
}

describe("historyEntryText", () => {
  it("says who shipped the work and when: 'Shipped by {artist} on {date}'", () => {
    const shipped = event({ actorRole: "artist", actorName: "Ines M." });
    expect(historyEntryText(shipped, order, "UTC")).toBe("Shipped by Ines M. on June 3, 2026");
    // An artist account gone since: the name frozen on the order.
    expect(historyEntryText({ ...shipped, actorName: null }, order, "UTC")).toBe(
      "Shipped by Ines Moreau on June 3, 2026",
    );
    expect(historyEntryText(shipped, { ...order, carrier: null }, "UTC")).toBe(
      "Handed over by Ines M. on June 3, 2026",
    );
  });

  it("tells the buyer's own moves in the second person", () => {
    const buyer = { actorRole: "buyer" as const, actorName: "Pia Buyer" };
    expect(
      historyEntryText(event({ ...buyer, fromStatus: null, toStatus: "paid" }), order, "UTC"),
    ).toBe("Bought on June 3, 2026");
    expect(
      historyEntryText(
        event({ ...buyer, fromStatus: "shipped", toStatus: "delivered" }),
        order,
        "UTC",
      ),
    ).toBe("You confirmed receipt on June 3, 2026");
    expect(
      historyEntryText(
        event({ ...buyer, fromStatus: "delivered", toStatus: "problem_reported" }),
        order,
        "UTC",
      ),
    ).toBe("You reported a problem on June 3, 2026");
  });

  it("names the team as the team, never its members", () => {
    const team = { actorRole: "team" as const, actorName: "Alex Admin" };
    const texts = [
      historyEntryText(
        event({ ...team, fromStatus: "shipped", toStatus: "cancelled" }),
        order,
        "UTC",
      ),
      historyEntryText(
        event({ ...team, fromStatus: "problem_reported", toStatus: "completed" }),
        order,
        "UTC",
      ),
    ];
    expect(texts).toEqual([
      "Cancelled by the Vernissage team on June 3, 2026",
      "Problem closed by the Vernissage team on June 3, 2026",
    ]);
    expect(texts.join(" ")).not.toContain("Alex");
  });

  it("says what the timers did", () => {
    expect(
      historyEntryText(event({ fromStatus: "shipped", toStatus: "delivered" }), order, "UTC"),
    ).toBe("Delivered on June 3, 2026 (14 days after shipping)");
    expect(
      historyEntryText(event({ fromStatus: "delivered", toStatus: "completed" }), order, "UTC"),
    ).toBe("Completed on June 3, 2026: 7 days passed without a problem reported");
    expect(
      historyEntryText(event({ fromStatus: "paid", toStatus: "cancelled" }), order, "UTC"),
    ).toBe("Cancelled on June 3, 2026: it was not shipped by the ship-by date");
  });

  it("tells refunds apart: in full, in part, and a refund that leaves the state", () => {
    const team = { actorRole: "team" as const };
    expect(
      historyEntryText(
        event({ ...team, fromStatus: "delivered", toStatus: "refunded" }),
        order,
        "UTC",
      ),
    ).toBe("Refunded on June 3, 2026");
    expect(
      historyEntryText(
        event({ ...team, fromStatus: "problem_reported", toStatus: "partially_refunded" }),
        order,
        "UTC",
      ),
    ).toBe("Partly refunded on June 3, 2026");
    expect(
      historyEntryText(
        event({ ...team, fromStatus: "shipped", toStatus: "shipped" }),
        order,
        "UTC",
      ),
    ).toBe("Refund on June 3, 2026");
  });
});

describe("OrderHistory", () => {
  it("lists the events in order, each with its note", async () => {
    // Within a router, as on its page: the times' zone comes from the root's data.
    const Stub = createRoutesStub([
      {
        path: "/",
        Component: () => (
          <OrderHistory
            order={order}
            events={[
              event({ fromStatus: null, toStatus: "paid", actorRole: "buyer" }),
              event({ actorRole: "artist", actorName: "Ines Moreau" }),
              event({
                actorRole: "team",
                fromStatus: "shipped",
                toStatus: "shipped",
                note: "Refunded $12.50: A scratch on the frame",
              }),
            ]}
          />
        ),
      },
    ]);
    render(<Stub />);
    const items = (await screen.findAllByRole("listitem")).map((li) => li.textContent);
    expect(items).toEqual([
      "Bought on June 3, 2026",
      "Shipped by Ines Moreau on June 3, 2026",
      "Refund on June 3, 2026Refunded $12.50: A scratch on the frame",
    ]);
  });
});
