// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import {
  type SalesPage as SalesPageData,
  type SalesSummary,
  salesMessages as m,
} from "../../../contracts/sales.contract";
import { saleFixture } from "./sale.fixture";
import type { SaleActionResult } from "./sale-view";
import { SalesPage } from "./sales-page";

afterEach(cleanup);

const NOW = "2026-06-01T12:00:00.000Z";
const SUMMARY: SalesSummary = { pending: 9_876, payable: 16_000, paidOut: 120_050 };

function orderIdOf(form: FormData): string {
  const id = form.get("orderId");
  return typeof id === "string" ? id : "";
}

type Props = Partial<Parameters<typeof SalesPage>[0]>;

/**
 * The page as /profile/sales renders it; `posted` collects what its forms send to the
 * route's action, which answers `answer`.
 */
function renderPage(props: Props = {}, answer?: (form: FormData) => SaleActionResult) {
  const posted: FormData[] = [];
  const page: SalesPageData = props.page ?? { items: [saleFixture()], nextCursor: null };
  const Stub = createRoutesStub([
    {
      path: "/profile/sales",
      Component: () => (
        <SalesPage
          page={page}
          summary={props.summary ?? SUMMARY}
          status={props.status ?? ""}
          paged={props.paged ?? false}
          now={props.now ?? NOW}
          result={props.result}
        />
      ),
      action: async ({ request }) => {
        const form = await request.formData();
        posted.push(form);
        return (
          answer?.(form) ?? {
            ok: true,
            message: m.shipped,
            orderId: orderIdOf(form),
          }
        );
      },
    },
  ]);
  const container = render(<Stub initialEntries={["/profile/sales"]} />).container;
  return { container, posted };
}

describe("SalesPage", () => {
  it("shows the totals, and each sale's work, buyer, address, money and ship-by date", () => {
    const { container } = renderPage();
    const totals = screen.getByLabelText("Your earnings");
    expect(totals.textContent).toContain("Pending$98.76");
    expect(totals.textContent).toContain("Payable$160");
    expect(totals.textContent).toContain("Paid out$1,200.50");
    expect(screen.getByRole("link", { name: "Blue Hour" }).getAttribute("href")).toBe(
      "/artwork/0b5c3f6e-2d1a-4c8e-9f00-000000000002",
    );
    expect(screen.getByText("Grace Hopper")).toBeTruthy();
    expect(screen.getByText("1 Main St, Albany, NY 12207")).toBeTruthy();
    expect(screen.getByText("$123.45")).toBeTruthy();
    expect(screen.getByText("Commission (20%)")).toBeTruthy();
    expect(screen.getByText("−$24.69")).toBeTruthy();
    expect(screen.getAllByText("$98.76")).toHaveLength(2);
    expect(container.querySelector(".sale-badge")?.textContent).toBe("Awaiting shipment");
    expect(screen.getByText("(7 days left)")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Export CSV" }).getAttribute("href")).toBe(
      "/api/me/sales.csv",
    );
  });

  it("shows each sale's earnings and payout as the server read them from the ledger", () => {
    renderPage({
      page: {
        items: [
          // Cancelled before the capture: its net is on the order, but it earned nothing.
          saleFixture({ id: "a", title: "Cancelled", status: "cancelled", earned: 0 }),
          saleFixture({ id: "b", title: "Paid", status: "completed", paidOut: 9_876 }),
        ],
        nextCursor: null,
      },
    });
    const entry = (title: string) =>
      screen.getByRole("link", { name: title }).closest("li") as HTMLElement;
    const cancelled = within(entry("Cancelled"));
    expect(cancelled.getByText("Your earnings").nextElementSibling?.textContent).toBe("$0");
    expect(cancelled.queryByText("Paid to you")).toBeNull();
    const paid = within(entry("Paid"));
    expect(paid.getByText("Your earnings").nextElementSibling?.textContent).toBe("$98.76");
    expect(paid.getByText("Paid to you").nextElementSibling?.textContent).toBe("$98.76");
  });

  it("marks a ship-by date two days away or past, and shows pick-up and tracking", () => {
    const { container } = renderPage({
      page: {
        items: [
          saleFixture({ id: "s1", shipBy: "2026-06-03T11:00:00.000Z", pickUpZipCode: "10001" }),
          saleFixture({ id: "s2", shipBy: "2026-05-31T00:00:00.000Z" }),
          saleFixture({
            id: "s3",
            status: "shipped",
            shippedAt: "2026-06-02T08:00:00.000Z",
            carrier: "UPS",
            trackingNumber: "1Z999",
          }),
        ],
        nextCursor: null,
      },
    });
    const urgent = container.querySelectorAll(".sale-ship-by-urgent");
    expect([...urgent].map((el) => el.textContent)).toEqual([
      "Ship byJune 3, 2026 at 11:00 AM UTC (2 days left)",
      "Ship byMay 31, 2026 at 12:00 AM UTC (Overdue)",
    ]);
    expect(screen.getByText("At zip code 10001")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Handed over at pick-up" })).toBeTruthy();
    expect(screen.getByText("Shipped June 2, 2026 · UPS 1Z999")).toBeTruthy();
    // The shipped sale offers no more actions: one ship form per paid sale.
    expect(screen.getAllByRole("button", { name: "Mark shipped" })).toHaveLength(2);
  });

  it("says when there are no sales, and when none are in the chosen state", () => {
    renderPage({ page: { items: [], nextCursor: null } });
    expect(screen.getByText(m.empty)).toBeTruthy();
    cleanup();
    renderPage({ page: { items: [], nextCursor: null }, status: "shipped" });
    expect(screen.getByText(m.emptyFiltered)).toBeTruthy();
  });

  it("keeps the state filter in the address and links to older sales", () => {
    renderPage({ page: { items: [saleFixture()], nextCursor: "abc" }, status: "paid" });
    const filter = screen.getByRole<HTMLSelectElement>("combobox", { name: "State" });
    expect(filter.value).toBe("paid");
    expect(filter.name).toBe("status");
    expect(filter.closest("form")?.getAttribute("method")).toBe("get");
    expect(screen.getByRole("link", { name: "Older sales" }).getAttribute("href")).toBe(
      "/profile/sales?cursor=abc",
    );
  });

  it("sends the ship form with the carrier and tracking number, and shows the answer", async () => {
    const { posted } = renderPage();
    fireEvent.change(screen.getByLabelText("Carrier"), { target: { value: "UPS" } });
    fireEvent.change(screen.getByLabelText("Tracking number"), { target: { value: "1Z999" } });
    fireEvent.click(screen.getByRole("button", { name: "Mark shipped" }));
    expect((await screen.findByRole("status")).textContent).toBe(m.shipped);
    expect(posted).toHaveLength(1);
    expect(Object.fromEntries(posted[0]!)).toMatchObject({
      intent: "ship",
      orderId: "0b5c3f6e-2d1a-4c8e-9f00-000000000001",
      carrier: "UPS",
      trackingNumber: "1Z999",
    });
  });

  it("offers 'Other' with its own name field, and shows a refusal as an alert", async () => {
    const { posted } = renderPage({}, (form) => ({
      ok: false,
      error: "The carrier can be at most 60 characters.",
      orderId: orderIdOf(form),
    }));
    const carrier = screen.getByLabelText<HTMLSelectElement>("Carrier");
    expect([...carrier.options].map((o) => o.textContent)).toEqual([
      "Choose a carrier",
      "USPS",
      "UPS",
      "FedEx",
      "DHL",
      "Other",
    ]);
    const company = screen.getByLabelText<HTMLInputElement>("Company name");
    expect(company.required).toBe(false);
    fireEvent.change(carrier, { target: { value: "other" } });
    // Chosen "Other": the browser asks for its name before sending.
    expect(company.required).toBe(true);
    fireEvent.change(company, { target: { value: "Art Movers" } });
    fireEvent.change(screen.getByLabelText("Tracking number"), { target: { value: "AM-1" } });
    fireEvent.click(screen.getByRole("button", { name: "Mark shipped" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "The carrier can be at most 60 characters.",
    );
    expect(Object.fromEntries(posted[0]!)).toMatchObject({
      carrier: "other",
      otherCarrier: "Art Movers",
    });
  });

  it("asks before 'Cannot fulfil' sends the reason, and sends nothing when cancelled", async () => {
    const { posted } = renderPage({}, (form) => ({
      ok: true,
      message: m.cancelled,
      orderId: orderIdOf(form),
    }));
    fireEvent.click(screen.getByText("Cannot fulfil"));
    fireEvent.change(screen.getByLabelText("Why can you not send it?"), {
      target: { value: "Damaged in the studio" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Cancel and refund" }));
    let dialog = await screen.findByRole("alertdialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(posted).toHaveLength(0);

    fireEvent.click(screen.getByRole("button", { name: "Cancel and refund" }));
    dialog = await screen.findByRole("alertdialog");
    expect(dialog.textContent).toContain("Grace Hopper is refunded in full");
    fireEvent.click(within(dialog).getByRole("button", { name: "Refund the buyer" }));
    expect((await screen.findByRole("status")).textContent).toBe(m.cancelled);
    expect(Object.fromEntries(posted[0]!)).toMatchObject({
      intent: "cannot-fulfil",
      reason: "Damaged in the studio",
    });
  });

  it("offers 'Put back on sale' for a refunded sale the server marks relistable", async () => {
    const { posted } = renderPage(
      {
        page: {
          items: [saleFixture({ status: "refunded", refundedAmount: 13_333, mayRelist: true })],
          nextCursor: null,
        },
      },
      (form) => ({ ok: true, message: m.relisted, orderId: orderIdOf(form) }),
    );
    expect(screen.queryByRole("button", { name: "Mark shipped" })).toBeNull();
    expect(screen.getByText("Refunded to the buyer")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Put back on sale" }));
    expect((await screen.findByRole("status")).textContent).toBe(m.relisted);
    expect(posted[0]!.get("intent")).toBe("relist");
  });

  it("shows the answer of a form sent without JavaScript beside its own sale only", () => {
    renderPage({
      page: { items: [saleFixture({ id: "s1" }), saleFixture({ id: "s2" })], nextCursor: null },
      result: { ok: false, error: "This order has already changed.", orderId: "s2" },
    });
    const alerts = screen.getAllByRole("alert");
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.closest("li")?.querySelector('input[name="orderId"]')).toHaveProperty(
      "value",
      "s2",
    );
  });
});
