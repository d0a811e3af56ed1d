import { type AppLoadContext, data } from "react-router";
import { reconciliationQuerySchema } from "../../../contracts/admin-reconciliation.contract";
import { isAppError } from "../../../server/errors";
import { loadErrorResponse } from "../../lib/loader-errors.server";
import { validInput } from "../../lib/valid-input.server";
import { RECONCILIATION_FALLBACK } from "./reconciliation-page";

/**
 * The page's read, through the same service as `GET /api/admin/reconciliation`. A bad
 * range shows the form again with the reason (400) and runs nothing; any other failure
 * (a provider that cannot be reached) is the page's error.
 */
export async function loadReconciliation(context: AppLoadContext, request: Request) {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  try {
    const query = validInput(reconciliationQuerySchema, params);
    const report = await context.services.reconciliation.run(query);
    return { report, from: report.from, to: report.to, error: null };
  } catch (error) {
    if (isAppError(error) && error.status === 400) {
      const asked = { from: params.from?.slice(0, 10) ?? "", to: params.to?.slice(0, 10) ?? "" };
      return data({ report: null, ...asked, error: error.message }, { status: 400 });
    }
    throw loadErrorResponse(context.services.logger, error, {
      fallback: RECONCILIATION_FALLBACK,
      log: "The reconciliation failed",
    });
  }
}
