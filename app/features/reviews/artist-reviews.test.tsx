// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { ArtistReviews, OwnReviews, Review } from "../../../contracts/reviews.contract";
import { reviewTexts as rt } from "../../../domain/reviews";
import { ArtistReviewsSection } from "./artist-reviews";
import type { ReviewFormResult } from "./review-result";

afterEach(cleanup);

function review(overrides: Partial<Review> = {}): Review {
  return {
    id: "r1",
    orderId: "o1",
    rating: 5,
    body: "Even better in person.",
    buyerName: "Pia Buyer",
    artworkId: "w1",
    artworkTitle: "Salt Marsh",
    artworkThumbnail: "/media/a/w1-thumbnail.webp",
    createdAt: "2026-11-01T12:00:00.000Z",
    editedAt: null,
    reply: null,
    repliedAt: null,
    ...overrides,
  };
}

const NONE: ArtistReviews = { shown: false, average: null, count: 0, reviews: [] };
const THREE: ArtistReviews = {
  shown: true,
  average: 4.33,
  count: 3,
  reviews: [
    review({ id: "r3", rating: 4, body: "Lovely." }),
    review({ id: "r2", rating: 4, body: "Well packed." }),
    review({ reply: "Thank you!" }),
  ],
};

function show(
  props: { reviews: ArtistReviews; own?: OwnReviews | null; signedIn?: boolean },
  answer: ReviewFormResult = { ok: true, message: rt.reported },
) {
  const sent: Record<string, string>[] = [];
  const Stub = createRoutesStub([
    {
      path: "/artist/a1",
      Component: () => (
        <ArtistReviewsSection
          reviews={props.reviews}
          own={props.own ?? null}
          signedIn={props.signedIn ?? false}
        />
      ),
    },
    {
      path: "/reviews/:reviewId",
      action: async ({ request, params }) => {
        const form = Object.fromEntries(await request.formData()) as Record<string, string>;
        sent.push({ ...form, reviewId: params.reviewId ?? "" });
        return answer;
      },
    },
  ]);
  render(<Stub initialEntries={["/artist/a1"]} />);
  return sent;
}

describe("ArtistReviewsSection", () => {
  it("says only a neutral line below the threshold", () => {
    show({ reviews: NONE, signedIn: true });
    expect(screen.getByText(rt.notYetShown)).toBeTruthy();
    expect(screen.queryByRole("listitem")).toBeNull();
  });

  it("shows the average, the count and each review as a verified purchase", () => {
    show({ reviews: THREE });
    expect(screen.getByText("4.3")).toBeTruthy();
    expect(screen.getByText("3 reviews")).toBeTruthy();
    expect(screen.getByRole("img", { name: "4.33 out of 5 stars" })).toBeTruthy();
    const items = screen.getAllByRole("listitem");
    expect(items.map((item) => within(item).getByText(rt.verifiedPurchase))).toHaveLength(3);
    expect(within(items[2]!).getByText("Thank you!")).toBeTruthy();
    expect(within(items[2]!).getByRole("link", { name: "Salt Marsh" })).toBeTruthy();
    // Signed out: nothing to report with.
    expect(screen.queryByText("Report this review")).toBeNull();
  });

  it("lets a signed-in person report a review with a reason", async () => {
    const sent = show({ reviews: THREE, signedIn: true });
    const item = screen.getAllByRole("listitem")[0]!;
    fireEvent.change(within(item).getByLabelText("What is wrong with this review?"), {
      target: { value: "Off topic." },
    });
    fireEvent.click(within(item).getByRole("button", { name: "Send report" }));
    await waitFor(() => expect(within(item).getByRole("status").textContent).toBe(rt.reported));
    expect(sent).toEqual([{ intent: "report", reason: "Off topic.", reviewId: "r3" }]);
  });

  it("gives the artist their reviews before the threshold, with a reply form where none was sent", async () => {
    const own: OwnReviews = {
      shown: false,
      reviews: [
        { ...review({ id: "r2" }), hidden: false },
        { ...review({ id: "r1", reply: "Thanks!" }), hidden: false },
        { ...review({ id: "r0" }), hidden: true },
      ],
    };
    const refusal: ReviewFormResult = {
      ok: false,
      error: rt.alreadyReplied,
      values: { reply: "Again", reason: "" },
    };
    const sent = show({ reviews: NONE, own, signedIn: true }, refusal);
    expect(screen.getByText(/appear on your profile once you have 3/)).toBeTruthy();
    const forms = screen.getAllByLabelText("Your reply (you can reply once)");
    expect(forms).toHaveLength(1);
    expect(screen.getByText(rt.hidden)).toBeTruthy();
    fireEvent.change(forms[0]!, { target: { value: "Again" } });
    fireEvent.click(screen.getByRole("button", { name: "Publish reply" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(rt.alreadyReplied));
    expect(sent[0]).toMatchObject({ intent: "reply", reply: "Again", reviewId: "r2" });
  });
});
