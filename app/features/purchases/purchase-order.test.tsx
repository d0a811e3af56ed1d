// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { PurchaseDetail } from "../../../contracts/orders.contract";
import { PROBLEM_KIND_LABELS } from "../../../domain/orders";
import { PurchaseOrderPage } from "./purchase-order";
import type { OrderActionResult } from "./purchase-order-actions";
import { DONE_PARAM, doneNotice } from "./purchase-order-notice";
import { purchasesMessages as m } from "./purchases.messages";

afterEach(cleanup);

function order(overrides: Partial<PurchaseDetail> = {}): PurchaseDetail {
  return {
    id: "o1",
    artworkId: "w1",
    title: "Salt Marsh",
    imageThumbnail: "/media/a/w1-thumbnail.webp",
    artistName: "Ines Moreau",
    buyerName: "Pia Buyer",
    status: "shipped",
    price: 10_000,
    taxAmount: 400,
    totalAmount: 10_400,
    refundedAmount: 0,
    soldAt: "2026-06-01T12:00:00.000Z",
    shipBy: "2026-06-08T12:00:00.000Z",
    shippedAt: "2026-06-03T09:00:00.000Z",
    carrier: "UPS",
    trackingNumber: "1Z999AA10123456784",
    deliveredAt: null,
    completedAt: null,
    cancelledAt: null,
    problemKind: null,
    problemNote: null,
    pickUpZipCode: null,
    shippingAddress: { line1: "1 Main St", city: "Albany", state: "NY", postal_code: "12207" },
    events: [
      {
        at: "2026-06-01T12:00:00.000Z",
        actorRole: "buyer",
        actorName: "Pia Buyer",
        fromStatus: null,
        toStatus: "paid",
        note: null,
      },
      {
        at: "2026-06-03T09:00:00.000Z",
        actorRole: "artist",
        actorName: "Ines Moreau",
        fromStatus: "paid",
        toStatus: "shipped",
        note: null,
      },
    ],
    mayConfirmReceipt: true,
    mayReportProblem: true,
    ...overrides,
  };
}

function renderPage(
  props: Partial<Parameters<typeof PurchaseOrderPage>[0]> = {},
  sent: string[] = [],
) {
  cleanup();
  const Stub = createRoutesStub([
    {
      path: "/profile/purchases/:orderId",
      Component: () => <PurchaseOrderPage order={order()} {...props} />,
      action: async ({ request }) => {
        const intent = (await request.formData()).get("intent");
        sent.push(typeof intent === "string" ? intent : "");
        return null;
      },
    },
  ]);
  return render(<Stub initialEntries={["/profile/purchases/o1"]} />).container;
}

function noteField(): HTMLTextAreaElement {
  // Its name is the label and the hint inside it.
  return screen.getByRole<HTMLTextAreaElement>("textbox", {
    name: (name) => name.startsWith(m.noteLabel),
  });
}

describe("PurchaseOrderPage", () => {
  it("shows the work, its state, the amounts, the address, the tracking and the history", () => {
    const page = renderPage();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Salt Marsh");
    expect(screen.getByText("Ines Moreau")).toBeTruthy();
    expect(screen.getByText("Shipped")).toBeTruthy();
    expect(screen.getByText("$100")).toBeTruthy();
    expect(screen.getByText("$4")).toBeTruthy();
    expect(screen.getByText("$104")).toBeTruthy();
    expect(screen.queryByText("Refunded")).toBeNull();
    expect(page.querySelector("address")?.textContent).toBe("1 Main StAlbany, NY 12207");
    expect(screen.getByText("Shipped on June 3, 2026.")).toBeTruthy();
    expect(screen.getByText("UPS")).toBeTruthy();
    expect(screen.getByText("1Z999AA10123456784")).toBeTruthy();
    expect(screen.getByText("Shipped by Ines Moreau on June 3, 2026")).toBeTruthy();
    expect(screen.getByRole("link", { name: /Purchase history/ }).getAttribute("href")).toBe(
      "/profile/purchases",
    );
  });

  it("shows the refunded amount once there is one, and 'Handed over at pick-up' without a carrier", () => {
    renderPage({ order: order({ refundedAmount: 1_250, carrier: null, trackingNumber: null }) });
    expect(screen.getByText("Refunded")).toBeTruthy();
    expect(screen.getByText("$12.50")).toBeTruthy();
    expect(screen.getByText(m.handedOver)).toBeTruthy();
    expect(screen.getByText("Handed over on June 3, 2026.")).toBeTruthy();
    expect(screen.queryByText("Tracking number")).toBeNull();
  });

  it("says when the artist ships it while the order is paid, and offers no move", () => {
    renderPage({
      order: order({
        status: "paid",
        shippedAt: null,
        carrier: null,
        trackingNumber: null,
        mayConfirmReceipt: false,
        mayReportProblem: false,
      }),
    });
    expect(screen.getByText("The artist ships it by June 8, 2026 at 12:00 PM UTC.")).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("offers 'Confirm receipt' and 'Report a problem' with the kinds and an optional note of at most 2,000 characters", () => {
    renderPage();
    expect(screen.getByRole("button", { name: m.confirmReceipt })).toBeTruthy();
    const form = screen.getByRole("group", { name: m.whatWentWrong });
    const radios = within(form).getAllByRole<HTMLInputElement>("radio");
    expect(radios.map((r) => r.value)).toEqual(["damaged", "not_as_described", "not_received"]);
    for (const label of Object.values(PROBLEM_KIND_LABELS)) {
      expect(within(form).getByLabelText(label)).toBeTruthy();
    }
    expect(radios.every((r) => r.required)).toBe(true);
    const note = noteField();
    expect(note.maxLength).toBe(2_000);
    expect(note.required).toBe(false);
    expect(screen.getByRole("button", { name: m.reportProblem })).toBeTruthy();
  });

  it("asks before confirming receipt, and sends nothing until the buyer says yes", async () => {
    const sent: string[] = [];
    renderPage({}, sent);
    const button = screen.getByRole("button", { name: m.confirmReceipt });
    fireEvent.click(button);
    const dialog = screen.getByRole("alertdialog", { name: m.confirmReceiptTitle });
    expect(dialog.textContent).toContain(m.confirmReceiptQuestion);
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    fireEvent.click(button);
    fireEvent.keyDown(screen.getByRole("alertdialog"), { key: "Escape" });
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(sent).toEqual([]);
    fireEvent.click(button);
    fireEvent.click(
      within(screen.getByRole("alertdialog")).getByRole("button", { name: m.confirmReceiptYes }),
    );
    await waitFor(() => expect(sent).toEqual(["confirm-receipt"]));
  });

  it("keeps 'Report a problem' collapsed until opened, and open to show a refusal", () => {
    const page = renderPage();
    const disclosure = page.querySelector("details");
    expect(disclosure?.open).toBe(false);
    expect(disclosure?.querySelector("summary")?.textContent).toBe(m.reportProblem);
    renderPage({
      result: { ok: false, intent: "report-problem", error: "Please choose what went wrong." },
    });
    expect(screen.getByRole("alert").closest("details")?.open).toBe(true);
  });

  it("offers only 'Report a problem' once delivered, with the window's last day", () => {
    renderPage({
      order: order({
        status: "delivered",
        deliveredAt: "2026-06-05T10:00:00.000Z",
        mayConfirmReceipt: false,
      }),
    });
    expect(screen.queryByRole("button", { name: m.confirmReceipt })).toBeNull();
    expect(screen.getByRole("button", { name: m.reportProblem })).toBeTruthy();
    expect(
      screen.getByText("Delivered on June 5, 2026. You can report a problem until June 12, 2026."),
    ).toBeTruthy();
  });

  it("shows a refusal beside its form, with the kind and note typed before", () => {
    const result: OrderActionResult = {
      ok: false,
      intent: "report-problem",
      error: "Your note is too long (at most 2,000 characters).",
      values: { kind: "not_as_described", note: "The colours differ." },
    };
    renderPage({ result });
    expect(screen.getByRole("alert").textContent).toBe(result.error);
    const kept = screen.getByLabelText<HTMLInputElement>(PROBLEM_KIND_LABELS.not_as_described);
    expect(kept.checked).toBe(true);
    expect(noteField().value).toBe("The colours differ.");
  });

  it("still says a refusal when the order moved on and its form is gone", () => {
    renderPage({
      order: order({ status: "completed", mayConfirmReceipt: false, mayReportProblem: false }),
      result: {
        ok: false,
        intent: "report-problem",
        error: "The time to report a problem with this order has passed.",
      },
    });
    expect(screen.getByRole("alert").textContent).toBe(
      "The time to report a problem with this order has passed.",
    );
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("shows the reported problem and the notice after a move", () => {
    renderPage({
      order: order({
        status: "problem_reported",
        problemKind: "damaged",
        problemNote: "Torn corner.",
        mayConfirmReceipt: false,
        mayReportProblem: false,
      }),
      notice: m.problemReported,
    });
    expect(screen.getByRole("status").textContent).toBe(m.problemReported);
    expect(screen.getByText(PROBLEM_KIND_LABELS.damaged)).toBeTruthy();
    expect(screen.getByText("Torn corner.")).toBeTruthy();
    expect(screen.getByText(m.problemWaiting)).toBeTruthy();
  });

  it("says the button is busy while its form is sent", () => {
    renderPage({ busy: "confirm-receipt" });
    const button = screen.getByRole<HTMLButtonElement>("button", { name: m.confirming });
    expect(button.disabled).toBe(true);
  });
});

describe("doneNotice", () => {
  it("names the notice of a move that succeeded, and nothing for anything else", () => {
    expect(doneNotice(new URLSearchParams({ [DONE_PARAM]: "received" }))).toBe(m.receiptConfirmed);
    expect(doneNotice(new URLSearchParams({ [DONE_PARAM]: "reported" }))).toBe(m.problemReported);
    expect(doneNotice(new URLSearchParams({ [DONE_PARAM]: "toString" }))).toBeNull();
    expect(doneNotice(new URLSearchParams())).toBeNull();
  });
});
