import { type AppLoadContext, data, redirect } from "react-router";
import type { SessionUser } from "../../../contracts/auth.contract";
import {
  acceptOfferBodySchema,
  counterOfferBodySchema,
  declineOfferBodySchema,
  myOffersQuerySchema,
  withdrawOfferBodySchema,
} from "../../../contracts/offers.contract";
import { offerMessages as m, parseOfferAmount } from "../../../domain/offers";
import { signInPath } from "../../../domain/safe-path";
import { AppError, isAppError } from "../../../server/errors";
import { actionError, loadErrorResponse, readForPage } from "../../lib/loader-errors.server";
import { readForm } from "../../lib/read-form.server";
import { requireUser } from "../../lib/require-user.server";
import { validInput } from "../../lib/valid-input.server";
import { type OfferActionResult, isPlainMove, movedText, parseOffersTab } from "./offer-view";

/** What a non-party gets: the 404 page, as for any unknown address. */
function notFound() {
  return data(null, { status: 404, statusText: "Not Found" });
}

/** The offer's access key: the page's `?key=` (a guest buyer's links carry it). */
function keyOf(request: Request, form?: FormData): string | null {
  const typed = form?.get("key");
  if (typeof typed === "string" && typed) return typed;
  return new URL(request.url).searchParams.get("key") || null;
}

/**
 * `/offers/:offerId`: its buyer (signed in, or a guest with the key), its artist or
 * the team; a signed-in non-party gets the 404 page before anything is read. Signed out
 * and without a key (the artist's e-mail links to the bare address), the sign-in page
 * first, which comes back here; nothing is read, so it says nothing of the offer.
 */
export async function loadOfferPage(context: AppLoadContext, request: Request, offerId: string) {
  const viewer = await context.services.auth.getSessionUser(request.headers);
  const key = keyOf(request);
  if (!viewer && !key) throw redirect(signInPath(new URL(request.url).pathname));
  try {
    const offer = await context.services.offers.get(offerId, { viewer, key: key ?? undefined });
    return { offer, accessKey: key };
  } catch (error) {
    if (isAppError(error) && error.status === 404) throw notFound();
    throw loadErrorResponse(context.services.logger, error, {
      fallback: m.loadFailed,
      log: "An offer page failed to load",
      details: { offerId },
    });
  }
}

function field(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/**
 * One move without a card, through the same contract schemas and services as the API
 * (`intent`: accept, counter, decline, withdraw). Answers what to tell the mover.
 */
async function move(
  context: AppLoadContext,
  offerId: string,
  access: { viewer: SessionUser | null; key?: string },
  form: FormData,
): Promise<string | null> {
  const { offers } = context.services;
  const intent = field(form, "intent");
  if (!isPlainMove(intent)) throw new AppError("BAD_REQUEST", 400, m.unknownAction);
  switch (intent) {
    case "accept": {
      // The amount the artist saw: if the offer moved since, the server refuses.
      const shown = Number(field(form, "amount"));
      const body = validInput(
        acceptOfferBodySchema,
        Number.isFinite(shown) ? { amount: shown } : {},
      );
      return (await offers.accept(offerId, access, body)).message ?? movedText(intent);
    }
    case "counter": {
      const amount = parseOfferAmount(field(form, "amount"));
      if (!amount.ok) throw new AppError("VALIDATION_FAILED", 400, amount.error);
      const body = validInput(counterOfferBodySchema, { amount: amount.cents });
      return (await offers.counter(offerId, access, body)).message ?? movedText(intent);
    }
    case "decline": {
      // A browser sends a textarea's line breaks as CRLF; count them as the field did.
      const message = field(form, "message").replace(/\r\n/g, "\n").trim();
      const body = validInput(declineOfferBodySchema, { message });
      return (await offers.decline(offerId, access, body)).message ?? movedText(intent);
    }
    case "withdraw":
      validInput(withdrawOfferBodySchema, {});
      await offers.withdraw(offerId, access);
      return movedText(intent);
  }
}

/**
 * The forms of an offer page or of `/profile/offers` (field `offerId` there): the move,
 * then the notice or the refusal (with its status) for the form to show. A non-party
 * gets the 404 page on the offer's own page.
 */
async function submitMove(
  context: AppLoadContext,
  request: Request,
  offerId: string,
  viewer: SessionUser | null,
  form: FormData,
  throwNotFound: boolean,
) {
  const intent = field(form, "intent");
  try {
    const key = keyOf(request, form) ?? undefined;
    const message = await move(context, offerId, { viewer, key }, form);
    return data<OfferActionResult>({ ok: true, message: message ?? "", offerId, intent });
  } catch (error) {
    if (throwNotFound && isAppError(error) && error.status === 404) throw notFound();
    const refusal = actionError(context, error, {
      fallback: m.actionFailed,
      log: "An offer move failed",
      details: { offerId, intent },
    });
    return data<OfferActionResult>(
      { ok: false, error: refusal.data.error, offerId, intent, values: valuesOf(form) },
      refusal.init ?? { status: 500 },
    );
  }
}

function valuesOf(form: FormData) {
  return { amount: field(form, "amount"), message: field(form, "message") };
}

export async function offerPageAction(context: AppLoadContext, request: Request, offerId: string) {
  const viewer = await context.services.auth.getSessionUser(request.headers);
  const form = await readForm(request);
  return submitMove(context, request, offerId, viewer, form, true);
}

/**
 * `/profile/offers`: signed out → /signin. Received (the artist's) and Sent (the
 * buyer's) offers, `?tab=`; an artist starts on Received. Only artists receive offers:
 * anyone else has Sent only, whatever the address says.
 */
export async function loadMyOffers(context: AppLoadContext, request: Request) {
  const user = await requireUser(request, context);
  const tab = user.isArtist
    ? (parseOffersTab(new URL(request.url).searchParams.get("tab")) ?? "received")
    : "sent";
  const { role } = validInput(myOffersQuerySchema, {
    role: tab === "received" ? "artist" : "buyer",
  });
  const { offers } = await readForPage(
    context,
    () => context.services.offers.listMine(user.id, role),
    {
      fallback: m.loadFailed,
      log: "The offers page failed to load",
      details: { tab },
    },
  );
  return { offers, tab, isArtist: user.isArtist };
}

export async function myOffersAction(context: AppLoadContext, request: Request) {
  const user = await requireUser(request, context);
  const form = await readForm(request);
  return submitMove(context, request, field(form, "offerId"), user, form, false);
}
