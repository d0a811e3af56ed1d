import { Form, Link, useNavigation } from "react-router";
import { FormError, FormNotice } from "../components/ui/form-message";
import { formText } from "../lib/form-text";
import { readForm } from "../lib/read-form.server";
import { actionError } from "../lib/loader-errors.server";
import { validInput } from "../lib/valid-input.server";
import { offerMessages as m } from "../../domain/offers";
import { claimOfferBodySchema } from "../../contracts/offers.contract";
import type { Route } from "./+types/offer-claim";

export function meta() {
  return [{ title: `${m.claimTitle} · Vernissage` }, { name: "robots", content: "noindex" }];
}

/**
 * Decision 0042: the owner of the account with a guest offer's e-mail attaches the offer
 * from the e-mailed link. The link only shows the page; the button does it, so a mail
 * scanner that opens links attaches nothing.
 */
export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  return { until: params.get("until") ?? "", key: params.get("key") ?? "" };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request);
  try {
    const claimed = await context.services.offers.claim(
      params.offerId,
      validInput(claimOfferBodySchema, {
        until: Number(formText(form, "until")),
        key: formText(form, "key"),
      }),
    );
    return { ok: true as const, message: claimed.message };
  } catch (error) {
    return actionError(context, error, {
      fallback: m.claimLinkInvalid,
      log: "Attaching an offer to an account failed",
    });
  }
}

export default function OfferClaim({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const done = actionData?.ok ? actionData.message : null;
  const error = actionData && !actionData.ok ? actionData.error : null;
  return (
    <section className="auth-card stack" aria-labelledby="offer-claim-heading">
      <h1 id="offer-claim-heading">{m.claimTitle}</h1>
      {done ? (
        <>
          <FormNotice message={done} />
          <Link className="button button-primary" to="/signin?next=%2Fprofile%2Foffers">
            Sign In
          </Link>
        </>
      ) : (
        <Form method="post" className="stack">
          <p>{m.claimIntro}</p>
          <input type="hidden" name="until" value={loaderData.until} />
          <input type="hidden" name="key" value={loaderData.key} />
          <FormError message={error} />
          <button
            type="submit"
            className="button button-primary"
            disabled={navigation.state !== "idle"}
          >
            {m.claimButton}
          </button>
        </Form>
      )}
    </section>
  );
}
