import type { OrderEventView } from "../../../contracts/orders.contract";
import { artistNameText } from "../../../domain/display";
import { ORDER_STATUS_LABELS } from "../../../domain/orders";
import { formatDate } from "../../../domain/date-time";
import { useTimeZone } from "../../lib/time-zone";

/** What the buyer's history needs of the order beyond its events. */
export type HistoryOrder = { artistName: string; shippedAt: string | null; carrier: string | null };

const TEAM = "the Vernissage team";

/**
 * One event of the order as the buyer reads it: who did what, and when (the day, in the
 * buyer's zone).
 * The team's members are not named to the buyer: they act as the team.
 */
export function historyEntryText(
  event: OrderEventView,
  order: HistoryOrder,
  timeZone: string,
): string {
  const on = `on ${formatDate(event.at, timeZone)}`;
  const artist = event.actorName ?? artistNameText(order.artistName);
  const by = event.actorRole === "team" ? TEAM : event.actorRole === "artist" ? artist : null;
  if (event.fromStatus === null) return `Bought ${on}`;
  // A refund the processor made: the state stays (its note says how much and why).
  if (event.fromStatus === event.toStatus) return `Refund ${on}`;
  switch (event.toStatus) {
    case "shipped":
      return order.shippedAt && !order.carrier
        ? `Handed over by ${artist} ${on}`
        : `Shipped by ${artist} ${on}`;
    case "delivered":
      return event.actorRole === "buyer"
        ? `You confirmed receipt ${on}`
        : `Delivered ${on} (14 days after shipping)`;
    case "problem_reported":
      return `You reported a problem ${on}`;
    case "completed":
      return event.fromStatus === "problem_reported"
        ? `Problem closed by ${TEAM} ${on}`
        : `Completed ${on}: 7 days passed without a problem reported`;
    case "cancelled":
      return by
        ? `Cancelled by ${by} ${on}`
        : `Cancelled ${on}: it was not shipped by the ship-by date`;
    case "refunded":
      return `Refunded ${on}`;
    case "partially_refunded":
      return `Partly refunded ${on}`;
    default:
      return `${ORDER_STATUS_LABELS[event.toStatus]} ${on}`;
  }
}

/** The order's events, oldest first, each with its note (a reason, the buyer's words). */
export function OrderHistory({ events, order }: { events: OrderEventView[]; order: HistoryOrder }) {
  const timeZone = useTimeZone();
  return (
    <ol className="order-history">
      {events.map((event, index) => (
        <li key={index} className="order-event">
          <p className="order-event-text">{historyEntryText(event, order, timeZone)}</p>
          {event.note ? <p className="order-event-note">{event.note}</p> : null}
        </li>
      ))}
    </ol>
  );
}
