// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { ReconciliationReport } from "../../../contracts/admin-reconciliation.contract";
import { ReconciliationPage } from "./reconciliation-page";

afterEach(cleanup);

const zero = { count: 0, amount: 0 };
const report = (overrides: Partial<ReconciliationReport> = {}): ReconciliationReport => ({
  from: "2026-11-01",
  to: "2026-11-30",
  provider: "stripe",
  providerLabel: "Stripe",
  differences: [],
  omitted: 0,
  summary: {
    captures: { ours: zero, provider: zero },
    refunds: { ours: zero, provider: zero },
    payouts: { ours: zero, provider: zero },
    differences: 0,
    known: 0,
  },
  ...overrides,
});

function show(props: Parameters<typeof ReconciliationPage>[0]) {
  const Stub = createRoutesStub([
    { path: "/admin/reconciliation", Component: () => <ReconciliationPage {...props} /> },
  ]);
  return render(<Stub initialEntries={["/admin/reconciliation"]} />);
}

describe("ReconciliationPage", () => {
  it("says there is no difference, naming the provider, with the range in the form", () => {
    show({ report: report(), from: "2026-11-01", to: "2026-11-30", error: null });
    expect(
      screen.getByText("No differences: our ledger matches Stripe for this range."),
    ).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>("From").value).toBe("2026-11-01");
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("lists each difference with its ids and both amounts", () => {
    show({
      report: report({
        differences: [
          {
            record: "refund",
            problem: "amount_mismatch",
            orderId: "order-1",
            ourId: "refund-1",
            providerId: "re_1",
            ourAmount: 1_001,
            providerAmount: 1_000,
            at: "2026-11-02T10:00:00.000Z",
            known: null,
          },
        ],
        summary: { ...report().summary, differences: 1 },
      }),
      from: "2026-11-01",
      to: "2026-11-30",
      error: null,
    });
    const [, row] = within(screen.getByRole("table")).getAllByRole("row");
    const cells = within(row!)
      .getAllByRole("cell")
      .map((c) => c.textContent);
    expect(cells).toEqual([
      "November 2, 2026 at 10:00 AM UTC",
      "Refund",
      "Amounts differ",
      "re_1",
      "refund-1order order-1",
      "$10.01",
      "$10",
      "—",
    ]);
    expect(screen.getByRole("status").textContent).toBe("1 difference.");
  });

  it("shows a refused range as an alert, with no report", () => {
    show({
      report: null,
      from: "2026-11-30",
      to: "2026-11-01",
      error: "The start date must be on or before the end date.",
    });
    expect(screen.getByRole("alert").textContent).toBe(
      "The start date must be on or before the end date.",
    );
    expect(screen.queryByText(/No differences/)).toBeNull();
  });
});
