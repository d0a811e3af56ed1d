// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { OrderReturnState, ReturnView } from "../../../contracts/returns.contract";
import { returnMessages } from "../../../domain/returns";
import { ReturnPanel } from "./return-panel";
import type { ReturnViewer } from "./returns-api";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const asked: ReturnView = {
  reason: "The frame is cracked.",
  photos: [],
  requestedAt: "2026-06-10T12:00:00.000Z",
  teamMayDecideFrom: "2026-06-13T12:00:00.000Z",
  escalatedAt: null,
  decision: null,
  decidedByRole: null,
  decidedAt: null,
  refusalReason: null,
  returnAddress: null,
  carrier: null,
  trackingNumber: null,
  shippedAt: null,
  arrivedAt: null,
  arrivalDeemed: false,
  shipBy: null,
  lapsedAt: null,
  deemedArrivalAt: null,
};

function state(overrides: Partial<OrderReturnState> = {}): OrderReturnState {
  return {
    orderId: "o1",
    status: "delivered",
    returnWindowDays: 14,
    windowEndsAt: "2026-06-15T12:00:00.000Z",
    requestRefusal: null,
    return: null,
    mayRequest: true,
    mayAccept: false,
    mayRefuse: false,
    mayShip: false,
    mayConfirmArrival: false,
    suggestedReturnAddress: null,
    ...overrides,
  };
}

function show(viewer: ReturnViewer, initial: OrderReturnState) {
  const Stub = createRoutesStub([
    { path: "/", Component: () => <ReturnPanel viewer={viewer} initial={initial} /> },
  ]);
  render(<Stub initialEntries={["/"]} />);
}

describe("the return panel", () => {
  it("offers the buyer the request within the window, and nothing with no returns", () => {
    show("buyer", state());
    expect(screen.getByRole("region", { name: "Return" })).toBeTruthy();
    expect(screen.getByLabelText("Why are you returning it?")).toBeTruthy();
    expect(screen.getByLabelText("Photos (up to 6)")).toBeTruthy();
    cleanup();
    show(
      "buyer",
      state({ returnWindowDays: 0, mayRequest: false, requestRefusal: returnMessages.noReturns }),
    );
    expect(screen.getByText(returnMessages.noReturns)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Ask for a return" })).toBeNull();
  });

  it("shows nothing to the artist or the team until a return is asked for", () => {
    show("artist", state({ mayRequest: false }));
    expect(screen.queryByRole("region", { name: "Return" })).toBeNull();
  });

  it("tells the team when it may decide, and offers accept and refuse once it may", () => {
    show("team", state({ status: "return_requested", mayRequest: false, return: asked }));
    expect(screen.getByText(/The artist has until/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Refuse the return" })).toBeNull();
    cleanup();
    show(
      "team",
      state({
        status: "return_requested",
        mayRequest: false,
        return: asked,
        mayAccept: true,
        mayRefuse: true,
      }),
    );
    expect(screen.getByRole("button", { name: "Accept the return" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Refuse the return" })).toBeTruthy();
  });

  it("gives the buyer the date to send it back by, then says the return ended", () => {
    const accepted: ReturnView = {
      ...asked,
      decision: "accepted",
      decidedByRole: "artist",
      decidedAt: "2026-06-11T12:00:00.000Z",
      returnAddress: "12 Rue des Arts",
      shipBy: "2026-06-25T12:00:00.000Z",
    };
    show("buyer", state({ status: "return_accepted", mayRequest: false, return: accepted }));
    expect(screen.getByText(/then enter the tracking below, by June 25, 2026/)).toBeTruthy();
    cleanup();
    show(
      "buyer",
      state({
        status: "delivered",
        mayRequest: false,
        return: { ...accepted, lapsedAt: "2026-06-25T12:01:00.000Z" },
      }),
    );
    expect(screen.getByText(/The return ended on June 25, 2026/)).toBeTruthy();
    expect(screen.queryByText("12 Rue des Arts")).toBeNull();
  });

  it("announces a refusal from the server beside the form", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() =>
        Promise.resolve(
          new Response(
            JSON.stringify({
              error: { code: "VALIDATION_FAILED", message: returnMessages.reasonRequired },
            }),
            { status: 400, headers: { "content-type": "application/json" } },
          ),
        ),
      ),
    );
    show("buyer", state());
    fireEvent.click(screen.getByRole("button", { name: "Ask for a return" }));
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe(returnMessages.reasonRequired),
    );
  });
});
