import { type AppLoadContext, data, redirect } from "react-router";
import type { SessionUser } from "../../../contracts/auth.contract";
import {
  type PayoutsState,
  payoutsMessages as m,
  simulatedOnboardingSchema,
} from "../../../contracts/payouts.contract";
import { actionError, readForPage } from "../../lib/loader-errors.server";
import { readForm } from "../../lib/read-form.server";
import { requireUser } from "../../lib/require-user.server";
import { ACTIVATED_PARAM, SETUP_FIELDS, type SetupValues } from "./payouts-form";

/**
 * The payout notice of /upload and /profile: the signed-in artist's payout state, or null
 * for everyone else. A failed read only leaves the notice out (it never breaks the page).
 */
export async function loadPayoutNotice(
  context: AppLoadContext,
  request: Request,
): Promise<PayoutsState | null> {
  const { auth, payouts, logger } = context.services;
  const user = await auth.getSessionUser(request.headers);
  if (!user?.isArtist) return null;
  try {
    return await payouts.get(user);
  } catch (error) {
    logger.error("The payout notice failed to load", { error });
    return null;
  }
}

/** Signed out → /signin; signed in but not an approved artist → 403 with the reason. */
async function requireArtist(context: AppLoadContext, request: Request): Promise<SessionUser> {
  const user = await requireUser(request, context);
  if (!user.isArtist) throw data(m.artistsOnly, { status: 403 });
  return user;
}

/** Sends the artist to a fresh Stripe Account Link (Stripe provider). */
async function toStripe(context: AppLoadContext, user: SessionUser): Promise<never> {
  const link = await readForPage(context, () => context.services.payouts.startStripe(user), {
    fallback: m.stripeUnavailable,
    log: "A Stripe onboarding link failed",
  });
  throw redirect(link.url);
}

/**
 * `/payouts/setup`: artists only. With Stripe it redirects to the Account Link; with the
 * simulated provider it shows the form (an active artist is sent back to /profile).
 */
export async function loadSetupPage(context: AppLoadContext, request: Request) {
  const user = await requireArtist(context, request);
  const read = () =>
    readForPage(context, () => context.services.payouts.get(user), {
      fallback: "Your payout details could not be loaded.",
      log: "The payout setup page failed to load",
    });
  // Decision 0057: the first setup needs two-step verification; the page links to it.
  if (!user.twoFactorEnabled) {
    const state = await read();
    if (state.status === "none") return { status: state.status, needsTwoStep: true };
  }
  if (context.services.payouts.provider === "stripe") return toStripe(context, user);
  const state = await read();
  if (state.status === "active") throw redirect("/profile");
  return { status: state.status, needsTwoStep: false };
}

function valuesOf(form: FormData): SetupValues {
  const values = {} as SetupValues;
  for (const name of SETUP_FIELDS) {
    const value = form.get(name);
    values[name] = typeof value === "string" ? value : "";
  }
  return values;
}

/**
 * The simulated onboarding form's action: the shared schema, then the service. A refusal
 * answers the message and what was typed (400); success goes to /profile with a notice.
 */
export async function submitSetup(context: AppLoadContext, request: Request) {
  const user = await requireArtist(context, request);
  const values = valuesOf(await readForm(request));
  const parsed = simulatedOnboardingSchema.safeParse(values);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Please check your details.";
    return data({ error: message, values }, { status: 400 });
  }
  try {
    await context.services.payouts.completeSimulated(user, parsed.data);
  } catch (error) {
    const refusal = actionError(context, error, {
      fallback: "Your payout details could not be saved. Please try again.",
      log: "A simulated payout onboarding failed",
    });
    return data({ error: refusal.data.error, values }, refusal.init ?? { status: 500 });
  }
  throw redirect(`/profile?${ACTIVATED_PARAM}=active`);
}

/** `/payouts/return`: Stripe sent the artist back; keep the account's status, then /profile. */
export async function loadStripeReturn(context: AppLoadContext, request: Request) {
  const user = await requireArtist(context, request);
  await readForPage(context, () => context.services.payouts.refreshFromStripe(user), {
    fallback: m.stripeUnavailable,
    log: "Reading a Stripe account on return failed",
  });
  throw redirect("/profile");
}

/** `/payouts/refresh`: the Account Link expired or was used; make a new one. */
export async function loadStripeRefresh(context: AppLoadContext, request: Request) {
  const user = await requireArtist(context, request);
  return toStripe(context, user);
}
