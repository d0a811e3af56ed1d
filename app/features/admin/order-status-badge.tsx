import { ORDER_STATUS_LABELS, type OrderStatus } from "../../../domain/orders";

/** States the team should look at first. */
const NEEDS_ATTENTION: readonly OrderStatus[] = ["problem_reported"];

/** An order's state as a badge, in the words every page uses (domain/orders). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const alert = NEEDS_ATTENTION.includes(status);
  return (
    <span className={`admin-badge${alert ? " admin-badge-alert" : ""}`}>
      {ORDER_STATUS_LABELS[status]}
    </span>
  );
}
