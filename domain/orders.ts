/**
 * An order's life after the sale (decision 0029): its states, who may move
 * it where, and the money arithmetic, all in integer US cents. Shared by the server
 * (which enforces it) and the pages (which offer only the moves it allows).
 */

export const ORDER_STATUSES = [
  "paid",
  "shipped",
  "delivered",
  "completed",
  "problem_reported",
  "cancelled",
  "refunded",
  "partially_refunded",
  // A return (decision 0055): asked for, accepted by the artist or the team, sent back.
  "return_requested",
  "return_accepted",
  "return_shipped",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Who makes a move: the artist who sold, the buyer, the team, or a timer. */
export type OrderActorRole = "artist" | "buyer" | "team" | "system";

export type OrderMove =
  | "ship"
  | "cannot_fulfil"
  | "confirm_receipt"
  | "report_problem"
  | "auto_cancel"
  | "auto_deliver"
  | "complete"
  | "close_problem"
  | "cancel"
  | "refund_full"
  | "refund_partial"
  | "request_return"
  | "accept_return"
  | "refuse_return"
  | "ship_return"
  | "refund_return"
  | "lapse_return";

type MoveRule = { from: readonly OrderStatus[]; to: OrderStatus; by: readonly OrderActorRole[] };

/** Where the team may still refund from: every state money was taken in and not all given back. */
const TEAM_REFUNDABLE: readonly OrderStatus[] = [
  "paid",
  "shipped",
  "delivered",
  "completed",
  "problem_reported",
  "partially_refunded",
  "return_requested",
  "return_accepted",
  "return_shipped",
];

/**
 * Every allowed move. A partial refund from an open state leaves the state as it is
 * (the work still ships; `to` is then the state it came from, see `moveTarget`); from
 * a reported problem it settles the order as `partially_refunded`.
 */
export const ORDER_MOVES: Record<OrderMove, MoveRule> = {
  ship: { from: ["paid"], to: "shipped", by: ["artist"] },
  cannot_fulfil: { from: ["paid"], to: "cancelled", by: ["artist"] },
  confirm_receipt: { from: ["shipped"], to: "delivered", by: ["buyer"] },
  report_problem: { from: ["shipped", "delivered"], to: "problem_reported", by: ["buyer"] },
  auto_cancel: { from: ["paid"], to: "cancelled", by: ["system"] },
  auto_deliver: { from: ["shipped"], to: "delivered", by: ["system"] },
  complete: { from: ["delivered"], to: "completed", by: ["system"] },
  close_problem: { from: ["problem_reported"], to: "completed", by: ["team"] },
  cancel: { from: ["paid", "shipped"], to: "cancelled", by: ["team"] },
  refund_full: { from: TEAM_REFUNDABLE, to: "refunded", by: ["team"] },
  refund_partial: { from: TEAM_REFUNDABLE, to: "partially_refunded", by: ["team"] },
  request_return: { from: ["delivered", "completed"], to: "return_requested", by: ["buyer"] },
  accept_return: { from: ["return_requested"], to: "return_accepted", by: ["artist", "team"] },
  // Back to the state the return was asked from (see `moveTarget`'s caller in returns.service.ts).
  refuse_return: { from: ["return_requested"], to: "delivered", by: ["team"] },
  ship_return: { from: ["return_accepted"], to: "return_shipped", by: ["buyer"] },
  // Not sent back in time: back to the state the return was asked from, as a refusal.
  lapse_return: { from: ["return_accepted"], to: "delivered", by: ["system"] },
  // The work is back: the buyer is refunded everything that is left.
  refund_return: { from: ["return_shipped"], to: "refunded", by: ["artist", "team", "system"] },
};

/** The state a move leaves the order in, or null when it is not allowed from `from`. */
export function moveTarget(move: OrderMove, from: OrderStatus): OrderStatus | null {
  const rule = ORDER_MOVES[move];
  if (!rule.from.includes(from)) return null;
  if (move === "refund_partial" && from !== "problem_reported") return from;
  return rule.to;
}

export function mayMove(move: OrderMove, from: OrderStatus, by: OrderActorRole): boolean {
  return ORDER_MOVES[move].by.includes(by) && moveTarget(move, from) !== null;
}

/** Orders whose artist's net is owed to them (after the return window, or settled by the team). */
export const PAYABLE_STATUSES: readonly OrderStatus[] = ["completed", "partially_refunded"];
/** Orders still in progress: their net is pending. */
export const PENDING_STATUSES: readonly OrderStatus[] = [
  "paid",
  "shipped",
  "delivered",
  "problem_reported",
  "return_requested",
  "return_accepted",
  "return_shipped",
];

// The clock of an order, in days.
export const SHIP_BY_DAYS = 7;
export const SHIP_BY_REMINDER_DAYS_BEFORE = 2;
export const AUTO_DELIVERY_DAYS = 14;
/**
 * The problem window: a buyer may report a problem until it ends, and the order then
 * completes (the artist's net becomes payable). Not the operator's return window
 * (`returnWindowDays` on the order, decision 0055), which may run longer: a return after
 * completion is taken back from the artist's next payouts.
 */
export const RETURN_WINDOW_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export function addDays(at: Date, days: number): Date {
  return new Date(at.getTime() + days * DAY_MS);
}

/** A buyer may report a problem while the work travels and until the return window closes. */
export function mayReportProblem(
  order: { status: OrderStatus; deliveredAt: Date | null },
  now: Date,
): boolean {
  if (order.status === "shipped") return true;
  if (order.status !== "delivered" || !order.deliveredAt) return false;
  return now.getTime() < addDays(order.deliveredAt, RETURN_WINDOW_DAYS).getTime();
}

export const PROBLEM_KINDS = ["damaged", "not_as_described", "not_received"] as const;
export type ProblemKind = (typeof PROBLEM_KINDS)[number];
export const PROBLEM_KIND_LABELS: Record<ProblemKind, string> = {
  damaged: "The work arrived damaged",
  not_as_described: "The work is not as described",
  not_received: "The work has not arrived",
};

export const CARRIERS = ["USPS", "UPS", "FedEx", "DHL"] as const;

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  paid: "Awaiting shipment",
  shipped: "Shipped",
  delivered: "Delivered",
  completed: "Completed",
  problem_reported: "Problem reported",
  cancelled: "Cancelled",
  refunded: "Refunded",
  partially_refunded: "Partially refunded",
  return_requested: "Return requested",
  return_accepted: "Return accepted",
  return_shipped: "Return on its way",
};

/** The platform's fee, in basis points (1/100 of a percent): 2000 is 20%. */
export const DEFAULT_COMMISSION_BPS = 2000;
export const MAX_COMMISSION_BPS = 10_000;

/**
 * `numerator / denominator` rounded half up (0.5 cent goes up), for non-negative
 * integers. BigInt, so that cents times basis points never lose precision.
 */
export function divideHalfUp(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator)) {
    throw new RangeError("divideHalfUp takes safe integers");
  }
  if (numerator < 0 || denominator <= 0) throw new RangeError("divideHalfUp takes n ≥ 0, d > 0");
  const n = BigInt(numerator);
  const d = BigInt(denominator);
  return Number((2n * n + d) / (2n * d));
}

export type OrderMoney = {
  /** The work's price before tax (the buyer's pre-tax amount). */
  price: number;
  tax: number;
  total: number;
  commissionBps: number;
  commission: number;
  artistNet: number;
};

/** The split of a sale, frozen on the order: tax is never commissioned. */
export function splitSale(price: number, tax: number, commissionBps: number): OrderMoney {
  if (!Number.isSafeInteger(commissionBps) || commissionBps < 0) {
    throw new RangeError("commission must be whole basis points, at least 0");
  }
  if (commissionBps > MAX_COMMISSION_BPS) throw new RangeError("commission above 100%");
  const commission = divideHalfUp(price * commissionBps, 10_000);
  return {
    price,
    tax,
    total: price + tax,
    commissionBps,
    commission,
    artistNet: price - commission,
  };
}

/** How much of each part of an order a refund total has given back. */
export type RefundShares = { tax: number; commission: number; artistNet: number };

/**
 * The parts of the order refunded once `refunded` cents of its total have been given
 * back. Computed on the running total, not per refund, so that however a refund is
 * cut, the parts always add up to it and a full refund returns every part exactly.
 */
export function refundedShares(money: OrderMoney, refunded: number): RefundShares {
  if (refunded < 0 || refunded > money.total) throw new RangeError("refund outside the order");
  if (money.total === 0) return { tax: 0, commission: 0, artistNet: 0 };
  const tax = divideHalfUp(refunded * money.tax, money.total);
  const price = refunded - tax;
  const commission = money.price === 0 ? 0 : divideHalfUp(price * money.commission, money.price);
  return { tax, commission, artistNet: price - commission };
}

/** The parts of one refund of `amount` after `before` cents had already been refunded. */
export function refundSplit(money: OrderMoney, before: number, amount: number): RefundShares {
  const was = refundedShares(money, before);
  const now = refundedShares(money, before + amount);
  return {
    tax: now.tax - was.tax,
    commission: now.commission - was.commission,
    artistNet: now.artistNet - was.artistNet,
  };
}

/** What may still be refunded: never more than was captured less what was given back. */
export function refundable(captured: number, refunded: number): number {
  return Math.max(0, captured - refunded);
}

export const orderMessages = {
  notFound: "Order not found.",
  notAllowed: "This order cannot be changed that way now.",
  alreadyMoved: "This order has already changed. Please reload the page.",
  refundTooLarge: (max: string) => `The refund cannot be more than ${max}.`,
  refundPositive: "Please enter a refund amount of at least $0.01.",
  reasonRequired: "Please give a reason.",
  trackingRequired: "Please enter the tracking number.",
  carrierRequired: "Please choose or enter the carrier.",
  pickUpNotAllowed: "This work was not sold for pick-up.",
  refundFailed: "The refund could not be made. Please try again.",
  problemWindowClosed: "The time to report a problem with this order has passed.",
  commissionInvalid: "Please enter a commission between 0% and 100%, in steps of 0.01%.",
} as const;
