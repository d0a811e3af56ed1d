// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import {
  type PayoutsState,
  payoutsGuidance,
  payoutsMessages as m,
} from "../../../contracts/payouts.contract";
import { PayoutNotice } from "./payout-notice";

afterEach(cleanup);

function state(status: PayoutsState["status"], bankLast4: string | null = null): PayoutsState {
  return { status, provider: "simulated", bankLast4, ...payoutsGuidance(status) };
}

function renderNotice(props: Parameters<typeof PayoutNotice>[0]) {
  const Stub = createRoutesStub([{ path: "/", Component: () => <PayoutNotice {...props} /> }]);
  return render(<Stub initialEntries={["/"]} />).container;
}

describe("PayoutNotice", () => {
  it("asks an artist without payouts to set them up", async () => {
    renderNotice({ state: state("none") });
    expect(await screen.findByText(m.notListed)).toBeTruthy();
    const link = screen.getByRole("link", { name: m.setUp });
    expect(link.getAttribute("href")).toBe("/payouts/setup");
  });

  it("says Stripe is reviewing, with no action", async () => {
    renderNotice({ state: state("pending") });
    expect(await screen.findByText(m.pending)).toBeTruthy();
    expect(screen.queryByRole("link")).toBeNull();
  });

  it("asks a restricted artist to update their details", async () => {
    renderNotice({ state: state("restricted") });
    expect(await screen.findByText(m.restricted)).toBeTruthy();
    expect(screen.getByRole("link", { name: m.update }).getAttribute("href")).toBe(
      "/payouts/setup",
    );
  });

  it("shows active payouts with the last four digits on the profile only", async () => {
    const upload = renderNotice({ state: state("active", "6789") });
    expect(upload.textContent).toBe("");
    cleanup();
    renderNotice({ state: state("active", "6789"), showActive: true, activated: true });
    expect(await screen.findByText(m.active)).toBeTruthy();
    expect(screen.getByText("· bank account ending in 6789", { exact: false })).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe(m.done);
  });

  it("shows nothing to someone who is not an artist", () => {
    expect(renderNotice({ state: null }).textContent).toBe("");
  });
});
