import { artistNameText, priceText, titleText } from "../../../domain/display";
import type { Purchase } from "../../../contracts/checkout.contract";
import { formatDate } from "../../../domain/date-time";

/** One entry of the purchase history as text: SPEC §2 title, price, tax and total (USD from cents), and the date. */
export function purchaseLines(purchase: Purchase, timeZone: string) {
  return {
    title: titleText(purchase.title),
    artistName: artistNameText(purchase.artistName),
    price: priceText(purchase.price),
    tax: priceText(purchase.taxAmount),
    total: priceText(purchase.totalAmount),
    date: formatDate(purchase.timestamp, timeZone),
  };
}
