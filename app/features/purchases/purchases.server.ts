import { type AppLoadContext, data } from "react-router";
import type { Purchase } from "../../../server/features/checkout/checkout.types";
import { requireUser } from "../auth/require-user.server";

export type PurchaseHistory = { purchases: Purchase[]; failed: boolean };

/**
 * SPEC §2 /profile/purchases: the signed-in user's purchases, newest first, read
 * in-process; signed out → /signin. A failed read is logged and the page says 'Failed
 * to load purchase history.' with a 500.
 */
export async function loadPurchaseHistory(context: AppLoadContext, request: Request) {
  const user = await requireUser(request, context);
  try {
    const purchases = await context.services.checkout.purchases(user.id);
    const history: PurchaseHistory = { purchases, failed: false };
    return history;
  } catch (error) {
    context.services.logger.error("Purchase history failed to load", { error, userId: user.id });
    const history: PurchaseHistory = { purchases: [], failed: true };
    return data(history, { status: 500 });
  }
}
