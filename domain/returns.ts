import { type OrderStatus, addDays } from "./orders";

/**
 * Returns (decision 0055): the operator's return window, the policy a work is sold
 * under, and who may do what when. Shared by the server (which enforces it) and the
 * pages (which state the policy before anyone pays and offer only what is allowed).
 */

/** The window until the operator sets one, in days after delivery. */
export const DEFAULT_RETURN_WINDOW_DAYS = 14;
export const MAX_RETURN_WINDOW_DAYS = 365;
/** Days the artist has to answer a return request before the team may decide it. */
export const RETURN_ESCALATION_DAYS = 3;
/** Days after the buyer sent the work back after which it is deemed to have arrived. */
export const RETURN_DEEMED_ARRIVAL_DAYS = 14;
/** Days after the acceptance the buyer has to send the work back before the return lapses. */
export const RETURN_SHIP_BY_DAYS = 14;
/** Photos of the work a return request may carry. */
export const MAX_RETURN_PHOTOS = 6;
export const MAX_RETURN_REASON = 2_000;
export const MAX_RETURN_TEXT = 200;

/** The policy a work is sold under: a window in days, or none (final sale, or returns off). */
export type ReturnPolicy = { finalSale: boolean; windowDays: number };

/** What the artwork page and the buy panel say before anyone pays. */
export function returnPolicyText(policy: ReturnPolicy): string {
  if (policy.finalSale) return "Final sale: no returns.";
  if (policy.windowDays <= 0) return "Returns are not accepted.";
  return `Returns accepted within ${policy.windowDays} ${policy.windowDays === 1 ? "day" : "days"} of delivery.`;
}

/** The window an order is sold with, frozen on it: none for a final sale. */
export function orderReturnWindow(policy: ReturnPolicy): number {
  return policy.finalSale ? 0 : Math.max(0, policy.windowDays);
}

/** The states a return may be asked from: the work was delivered (and maybe completed). */
export const RETURNABLE_STATUSES: readonly OrderStatus[] = ["delivered", "completed"];
/** The states of a return in progress. */
export const RETURN_STATUSES: readonly OrderStatus[] = [
  "return_requested",
  "return_accepted",
  "return_shipped",
];

/** When the return window of a delivered order ends, or null when it has none. */
export function returnWindowEnd(order: {
  deliveredAt: Date | null;
  returnWindowDays: number;
}): Date | null {
  if (!order.deliveredAt || order.returnWindowDays <= 0) return null;
  return addDays(order.deliveredAt, order.returnWindowDays);
}

/** Why a buyer may not ask for a return now, or null when they may. */
export function returnRefusal(
  order: { status: OrderStatus; deliveredAt: Date | null; returnWindowDays: number },
  now: Date,
): string | null {
  if (order.returnWindowDays <= 0) return returnMessages.noReturns;
  if (!RETURNABLE_STATUSES.includes(order.status)) return returnMessages.notReturnable;
  const end = returnWindowEnd(order);
  if (!end || now.getTime() >= end.getTime()) return returnMessages.windowClosed;
  return null;
}

export const returnMessages = {
  noReturns: "This work was sold without returns.",
  notReturnable: "A return can only be asked for once the work has been delivered.",
  windowClosed: "The return window for this order has closed.",
  alreadyRequested: "A return has already been asked for on this order.",
  reasonRequired: "Please tell the artist why you are returning the work.",
  reasonTooLong: "Your reason is too long (at most 2,000 characters).",
  tooManyPhotos: "Please attach at most 6 photos.",
  photoNotFound: "A photo could not be found. Please upload it again.",
  notYetEscalated: "The artist has 3 days to answer before the team can decide.",
  refusalReasonRequired: "Please give the reason for refusing the return.",
  textTooLong: "Please keep this under 200 characters.",
  windowInvalid: "Please enter a return window between 0 and 365 whole days.",
  windowSaved: (days: number) =>
    days === 0
      ? "Returns are now off. This applies to new sales only."
      : `The return window is now ${days} days. It applies to new sales only.`,
} as const;
