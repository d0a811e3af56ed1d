import { expect } from "vitest";
import type { OrderStatus } from "../../../domain/orders";
import { createArtwork, createOrder } from "../../test/factories";
import type { TestApp } from "../../test/test-app";
import { type Member, send, signUp } from "../profiles/profiles.test-helpers";

/** Factories of the reviews' integration tests: people, completed orders, reviews. */

export const ARTIST_COLUMNS = { isArtist: true, payoutStatus: "active" as const };

export function newArtist(t: TestApp, firstName = "Ines") {
  return signUp(t, { firstName, lastName: "Artist" }, ARTIST_COLUMNS);
}

export function newBuyer(t: TestApp, firstName = "Bea") {
  return signUp(t, { firstName, lastName: "Buyer" });
}

/** An order of a new work by `artist`, bought by `buyer`, in `status` (completed by default). */
export async function orderOf(
  t: TestApp,
  artist: Member,
  buyer: Member,
  status: OrderStatus = "completed",
  title = "Quiet Bay",
) {
  const work = await createArtwork(t.db, { artistId: artist.id, title, isForSale: false });
  return createOrder(t.db, {
    artworkId: work.id,
    purchaserId: buyer.id,
    status,
    title,
    imageThumbnail: work.imageThumbnail,
  });
}

export function postReview(
  t: TestApp,
  buyer: Member | undefined,
  orderId: string,
  body: unknown = { rating: 5, body: "Beautifully packed, and even better in person." },
) {
  return send(t, buyer, "POST", `/api/me/purchases/${orderId}/review`, body);
}

/** A review written through the API; answers its id. */
export async function reviewed(t: TestApp, buyer: Member, orderId: string, rating = 5) {
  const response = await postReview(t, buyer, orderId, { rating, body: `Rated ${rating}.` });
  expect(response.status, await response.clone().text()).toBe(201);
  const { review } = (await response.json()) as { review: { id: string } };
  return review.id;
}

export async function errorOf(response: Response): Promise<string> {
  return ((await response.json()) as { error: { message: string } }).error.message;
}
