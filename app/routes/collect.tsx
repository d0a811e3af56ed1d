import { data, redirect } from "react-router";
import { safeRedirectPath } from "../../domain/safe-path";
import { RouteLoadError } from "../components/load-error";
import { formText } from "../lib/form-text";
import { loadErrorResponse } from "../lib/loader-errors.server";
import { readForm } from "../lib/read-form.server";
import type { Route } from "./+types/collect";

/** What /collect says when a change without JavaScript fails for a reason we cannot name. */
const COLLECT_FAILED = "We could not save your change. Please try again.";
const UNKNOWN_INTENT = "This form asked for something we do not know.";

/**
 * The hearts' and Follow buttons' forms without JavaScript: save, unsave,
 * follow or unfollow for the signed-in person, then back to the page (`next`, a path on
 * this site only). A visitor is sent to sign in first and comes back with the change made.
 * With JavaScript the buttons call the JSON API instead and never come here.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const next = safeRedirectPath(formText(form, "next"));
  const id = formText(form, "id");
  const intent = formText(form, "intent");
  const { auth, collectors, logger } = context.services;
  const user = await auth.getSessionUser(request.headers);
  if (!user) {
    const query = new URLSearchParams({ next });
    if (intent === "save" || intent === "follow") query.set(intent, id);
    throw redirect(`/signin?${query.toString()}`);
  }
  if (!["save", "unsave", "follow", "unfollow"].includes(intent)) {
    throw data(UNKNOWN_INTENT, { status: 400 });
  }
  try {
    if (intent === "save") await collectors.save(user.id, id);
    else if (intent === "unsave") await collectors.unsave(user.id, id);
    else if (intent === "follow") await collectors.follow(user.id, id);
    else await collectors.unfollow(user.id, id);
  } catch (error) {
    throw loadErrorResponse(logger, error, {
      fallback: COLLECT_FAILED,
      log: "A save or follow without JavaScript failed",
      details: { intent, id },
    });
  }
  return redirect(next);
}

/** Nothing to see here: an address typed by hand goes to the marketplace. */
export function loader() {
  return redirect("/");
}

export default function Collect() {
  return null;
}

export function ErrorBoundary() {
  return <RouteLoadError fallback={COLLECT_FAILED} />;
}
