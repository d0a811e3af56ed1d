import type { OrderReturnState } from "../../../contracts/returns.contract";
import { RETURN_STATUSES } from "../../../domain/returns";
import { type AppLoadContext, data } from "react-router";
import type { SessionUser } from "../../../contracts/auth.contract";
import {
  cannotFulfilBodySchema,
  salesMessages as m,
  salesQuerySchema,
  shipBodySchema,
} from "../../../contracts/sales.contract";
import { AppError } from "../../../server/errors";
import { actionError, readForPage } from "../../lib/loader-errors.server";
import { readForm } from "../../lib/read-form.server";
import { requireUser } from "../../lib/require-user.server";
import { validInput } from "../../lib/valid-input.server";
import { OTHER_CARRIER, type SaleActionResult } from "./sale-view";

/** Signed out → /signin; signed in but not an artist → 403 with the reason. */
async function requireArtist(context: AppLoadContext, request: Request): Promise<SessionUser> {
  const user = await requireUser(request, context);
  if (!user.isArtist) throw data(m.artistsOnly, { status: 403 });
  return user;
}

/**
 * `/profile/sales`: the artist's totals and one page of their sales (`?status=`,
 * `?cursor=`), read in-process; `now` is the server's, so the ship-by warnings are the
 * same on the server and in the browser.
 */
export async function loadSalesPage(context: AppLoadContext, request: Request) {
  const user = await requireArtist(context, request);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const failure = { fallback: m.loadFailed, log: "The sales page failed to load" };
  const query = await readForPage(
    context,
    () => Promise.resolve().then(() => validInput(salesQuerySchema, params)),
    failure,
  );
  const [page, summary] = await Promise.all([
    readForPage(context, () => context.services.sales.list(user.id, query), failure),
    readForPage(context, () => context.services.sales.summary(user.id), failure),
  ]);
  // The returns on this page (decision 0055): in progress, or ended in a refund.
  const withReturns = page.items.filter((sale) =>
    (RETURN_STATUSES as readonly string[]).concat("refunded").includes(sale.status),
  );
  const returns = Object.fromEntries(
    await Promise.all(
      withReturns.map(async (sale) => [
        sale.id,
        await readForPage(
          context,
          () => context.services.returns.state({ id: user.id, role: "artist" }, sale.id),
          failure,
        ),
      ]),
    ),
  ) as Record<string, OrderReturnState>;
  return {
    page,
    summary,
    returns,
    status: query.status ?? "",
    paged: Boolean(query.cursor),
    now: new Date().toISOString(),
  };
}

function field(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

const UNKNOWN_ACTION = "That action is not known.";

/**
 * The forms of `/profile/sales` (field `intent`): the artist check before the body is
 * read, then the same contract schemas and services as `/api/me/sales/*`. Answers the
 * notice or the refusal (with its status) for the sale's form to show.
 */
export async function submitSaleAction(context: AppLoadContext, request: Request) {
  const user = await requireArtist(context, request);
  const form = await readForm(request);
  const orderId = field(form, "orderId");
  const { sales } = context.services;
  try {
    const message = await (async () => {
      switch (field(form, "intent")) {
        case "ship": {
          const chosen = field(form, "carrier");
          const carrier = chosen === OTHER_CARRIER ? field(form, "otherCarrier") : chosen;
          const trackingNumber = field(form, "trackingNumber");
          await sales.ship(
            user.id,
            orderId,
            validInput(shipBodySchema, { carrier, trackingNumber }),
          );
          return m.shipped;
        }
        case "hand-over":
          await sales.ship(user.id, orderId, validInput(shipBodySchema, { handedOver: true }));
          return m.handedOver;
        case "cannot-fulfil":
          await sales.cannotFulfil(
            user.id,
            orderId,
            validInput(cannotFulfilBodySchema, { reason: field(form, "reason") }),
          );
          return m.cancelled;
        case "relist":
          await sales.relist(user.id, orderId);
          return m.relisted;
        default:
          throw new AppError("BAD_REQUEST", 400, UNKNOWN_ACTION);
      }
    })();
    return data<SaleActionResult>({ ok: true, message, orderId });
  } catch (error) {
    const refusal = actionError(context, error, {
      fallback: "That did not work. Please try again.",
      log: "A sales action failed",
      details: { orderId },
    });
    return data<SaleActionResult>(
      { ok: false, error: refusal.data.error, orderId },
      refusal.init ?? { status: 500 },
    );
  }
}
