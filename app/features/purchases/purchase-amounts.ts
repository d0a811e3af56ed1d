import { artistNameText, priceText, titleText } from "../../../domain/display";
import type { Purchase } from "../../../contracts/checkout.contract";

const dateFormat = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
});

/** One entry of the purchase history as text: SPEC §2 title, price, tax and total (USD from cents), and the date. */
export function purchaseLines(purchase: Purchase) {
  return {
    title: titleText(purchase.title),
    artistName: artistNameText(purchase.artistName),
    price: priceText(purchase.price),
    tax: priceText(purchase.taxAmount),
    total: priceText(purchase.totalAmount),
    date: dateText(purchase.timestamp),
  };
}

/** "March 3, 2026"; the same on the server and in the browser (UTC), so hydration agrees. */
export function dateText(timestamp: string): string {
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? "" : dateFormat.format(date);
}
