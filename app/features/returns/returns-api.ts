import type { OrderReturnState, ReturnPhoto } from "../../../contracts/returns.contract";
import { request } from "../../lib/api-client";

/**
 * The return endpoints the browser calls (docs/api.md "Orders" → "Returns"). Each
 * answers the order's return state as the caller sees it; the schemas download with the
 * first request (decision 0034).
 */
const contract = () => import("../../../contracts/returns.contract");
const state = () => contract().then((c) => c.orderReturnStateSchema);

/** Whose page asks: the buyer's order, the artist's sale, the team's order. */
export type ReturnViewer = "buyer" | "artist" | "team";

export function returnBase(viewer: ReturnViewer, orderId: string): string {
  const id = encodeURIComponent(orderId);
  if (viewer === "buyer") return `/api/me/purchases/${id}/return`;
  if (viewer === "artist") return `/api/me/sales/${id}/return`;
  return `/api/admin/orders/${id}/return`;
}

export function returnAction(
  base: string,
  step: "" | "/shipment" | "/accept" | "/refuse" | "/arrived",
  body?: unknown,
): Promise<OrderReturnState> {
  return request(`${base}${step}`, { method: "POST", body, schema: state });
}

export function addReturnPhoto(file: File): Promise<ReturnPhoto> {
  const body = new FormData();
  body.append("image", file);
  return request("/api/me/purchases/returns/photos", {
    method: "POST",
    body,
    schema: () => contract().then((c) => c.returnPhotoSchema),
  });
}
