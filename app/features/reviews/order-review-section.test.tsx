// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { OrderReview } from "../../../contracts/reviews.contract";
import { reviewTexts as rt } from "../../../domain/reviews";
import { OrderReviewSection } from "./order-review-section";
import type { ReviewFormResult } from "./review-result";

afterEach(cleanup);

const WRITTEN = {
  id: "r1",
  orderId: "o1",
  rating: 4,
  body: "Even better in person.",
  buyerName: "Pia Buyer",
  artworkId: "w1",
  artworkTitle: "Salt Marsh",
  artworkThumbnail: null,
  createdAt: "2026-11-01T12:00:00.000Z",
  editedAt: null,
  reply: "Thank you, Pia!",
  repliedAt: "2026-11-02T12:00:00.000Z",
};

function show(state: OrderReview | null, answer: ReviewFormResult) {
  const sent: Record<string, string>[] = [];
  const Stub = createRoutesStub([
    {
      path: "/profile/purchases/o1",
      Component: () => <OrderReviewSection orderId="o1" state={state} />,
    },
    {
      path: "/profile/purchases/:orderId/review",
      action: async ({ request }) => {
        sent.push(Object.fromEntries(await request.formData()) as Record<string, string>);
        return answer;
      },
    },
  ]);
  render(<Stub initialEntries={["/profile/purchases/o1"]} />);
  return sent;
}

describe("OrderReviewSection", () => {
  it("shows nothing while the order cannot be reviewed", () => {
    show(
      { mayReview: false, opensAt: null, review: null, editableUntil: null, hidden: false },
      {
        ok: true,
        message: "",
      },
    );
    expect(screen.queryByRole("region")).toBeNull();
  });

  it("says from when an order can be reviewed (completed, its return window ended)", () => {
    show(
      {
        mayReview: false,
        opensAt: "2026-12-20T12:00:00.000Z",
        review: null,
        editableUntil: null,
        hidden: false,
      },
      { ok: true, message: "" },
    );
    expect(screen.getByText(rt.reviewFrom("December 20, 2026"))).toBeTruthy();
  });

  it("sends the stars and the words, and announces a refusal keeping them", async () => {
    const sent = show(
      { mayReview: true, opensAt: null, review: null, editableUntil: null, hidden: false },
      { ok: false, error: rt.alreadyReviewed, values: { rating: "4", body: "Lovely." } },
    );
    expect(screen.getByRole("region", { name: "Review the artist" })).toBeTruthy();
    fireEvent.click(screen.getByRole("radio", { name: "4 stars" }));
    fireEvent.change(screen.getByLabelText("Your review"), { target: { value: "Lovely." } });
    fireEvent.click(screen.getByRole("button", { name: "Publish review" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(rt.alreadyReviewed));
    expect(sent).toEqual([{ intent: "write-review", rating: "4", body: "Lovely." }]);
    expect(screen.getByLabelText<HTMLTextAreaElement>("Your review").value).toBe("Lovely.");
  });

  it("shows the review, the artist's reply and the edit form while the window is open", () => {
    show(
      {
        mayReview: false,
        opensAt: null,
        review: WRITTEN,
        editableUntil: "2026-12-01T12:00:00.000Z",
        hidden: false,
      },
      { ok: true, message: rt.edited },
    );
    expect(screen.getByRole("region", { name: "Your review" })).toBeTruthy();
    expect(screen.getByRole("img", { name: "4 out of 5 stars" })).toBeTruthy();
    expect(screen.getByText("Thank you, Pia!")).toBeTruthy();
    expect(screen.getByText(/^Edit your review \(until /)).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>("radio", { name: "4 stars" }).checked).toBe(true);
  });

  it("says when the team hid the review, with no edit", () => {
    show(
      { mayReview: false, opensAt: null, review: WRITTEN, editableUntil: null, hidden: true },
      { ok: true, message: "" },
    );
    expect(screen.getByText(rt.hidden)).toBeTruthy();
    expect(screen.queryByText(/^Edit your review/)).toBeNull();
  });
});
