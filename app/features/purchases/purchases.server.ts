import type { AppLoadContext } from "react-router";
import { requireUser } from "../../lib/require-user.server";
import type { PurchaseHistoryData } from "./purchase-history";

/**
 * SPEC §2 /profile/purchases: signed out → /signin; otherwise the page is sent at once
 * with 'Loading purchase history...' and the user's purchases (read in-process, newest
 * first) follow as a streamed promise. A failed read is logged and the page says
 * 'Failed to load purchase history.'
 */
export async function loadPurchaseHistory(context: AppLoadContext, request: Request) {
  const user = await requireUser(request, context);
  return { history: readHistory(context, user.id) };
}

async function readHistory(context: AppLoadContext, userId: string): Promise<PurchaseHistoryData> {
  try {
    return { purchases: await context.services.checkout.purchases(userId), failed: false };
  } catch (error) {
    context.services.logger.error("Purchase history failed to load", { error, userId });
    return { purchases: [], failed: true };
  }
}
