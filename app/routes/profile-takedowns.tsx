import { appealBodySchema } from "../../contracts/listing-reports.contract";
import { RouteLoadError } from "../components/load-error";
import { TakedownsPage } from "../features/artworks/takedowns-page";
import { formText } from "../lib/form-text";
import { actionError, readForPage } from "../lib/loader-errors.server";
import { readForm } from "../lib/read-form.server";
import { requireUser } from "../lib/require-user.server";
import { validInput } from "../lib/valid-input.server";
import type { Route } from "./+types/profile-takedowns";

const LOAD_FAILED = "Your taken-down listings could not be loaded.";

export function meta() {
  return [{ title: "Taken-down listings · Vernissage" }, { name: "robots", content: "noindex" }];
}

/** The signed-in artist's listings taken down after a report; signed out → /signin. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  return readForPage(context, () => context.services.listingReports.takedowns(user), {
    fallback: LOAD_FAILED,
    log: "The taken-down listings failed to load",
  });
}

/** An appeal of one decision (field `id`). */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const form = await readForm(request);
  try {
    const answer = await context.services.listingReports.appeal(
      user,
      formText(form, "id"),
      validInput(appealBodySchema, { explanation: formText(form, "explanation") }),
    );
    return { ok: true as const, message: answer.message };
  } catch (error) {
    return actionError(context, error, {
      fallback: "The appeal could not be sent. Please try again.",
      log: "An appeal of a take-down failed",
    });
  }
}

export default function ProfileTakedowns({ loaderData }: Route.ComponentProps) {
  return <TakedownsPage list={loaderData} />;
}

export function ErrorBoundary() {
  return <RouteLoadError fallback={LOAD_FAILED} />;
}
