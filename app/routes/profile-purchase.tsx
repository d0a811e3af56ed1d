import {
  type ShouldRevalidateFunctionArgs,
  isRouteErrorResponse,
  useNavigation,
  useRouteError,
  useSearchParams,
} from "react-router";
import { titleText } from "../../domain/display";
import { RouteLoadError } from "../components/load-error";
import { NOT_FOUND_TITLE, NotFoundPage } from "../components/not-found-page";
import { PurchaseOrderPage } from "../features/purchases/purchase-order";
import { OrderReviewSection } from "../features/reviews/order-review-section";
import { LazyReturnPanel } from "../features/returns/lazy-return-panel";
import { doneNotice } from "../features/purchases/purchase-order-notice";
import {
  loadPurchaseOrder,
  purchaseOrderAction,
} from "../features/purchases/purchase-order.server";
import { purchasesMessages as m } from "../features/purchases/purchases.messages";
import type { Route } from "./+types/profile-purchase";

export function meta({ loaderData, error }: Route.MetaArgs) {
  const title =
    isRouteErrorResponse(error) && error.status === 404
      ? NOT_FOUND_TITLE
      : loaderData
        ? `Order: ${titleText(loaderData.order.title)} · Vernissage`
        : "Order · Vernissage";
  return [{ title }, { name: "robots", content: "noindex" }];
}

/** The buyer's order page: the buyer only; anyone else gets the 404 page. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return loadPurchaseOrder(context, request, params.orderId);
}

/** "Confirm receipt" and "Report a problem" (the form's `intent`). */
export function action({ request, context, params }: Route.ActionArgs) {
  return purchaseOrderAction(context, request, params.orderId);
}

/**
 * After either form, read the order again, also when the move was refused (React
 * Router skips that by default): a 409 means it moved meanwhile, so the page shows it
 * as it is now, with the refusal.
 */
export function shouldRevalidate({
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return formMethod?.toUpperCase() === "POST" ? true : defaultShouldRevalidate;
}

export default function PurchaseOrder({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [search] = useSearchParams();
  const sending = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  return (
    <PurchaseOrderPage
      order={loaderData.order}
      review={<OrderReviewSection orderId={loaderData.order.id} state={loaderData.review} />}
      result={actionData}
      notice={actionData ? null : doneNotice(search)}
      busy={typeof sending === "string" ? sending : null}
      returns={<LazyReturnPanel viewer="buyer" initial={loaderData.returnState} />}
    />
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <RouteLoadError fallback={m.orderFailed} />;
}
