import { redirect } from "react-router";
import { RouteLoadError } from "../components/load-error";
import { exhibitionCreate } from "../features/admin/curation.server";
import { ExhibitionsList } from "../features/admin/exhibitions-list";
import { actionError, readForPage } from "../lib/loader-errors.server";
import { readForm } from "../lib/read-form.server";
import { requireAdmin } from "../lib/require-user.server";
import type { Route } from "./+types/admin-exhibitions";

export function meta() {
  return [{ title: "Exhibitions · Console · Vernissage" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return readForPage(context, () => context.services.curation.exhibitions(), {
    fallback: "The exhibitions could not be loaded.",
    log: "The console's exhibitions failed to load",
  });
}

/** Creates an exhibition and opens its editor. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const form = await readForm(request);
  try {
    const created = await exhibitionCreate(context, form, admin);
    return redirect(`/admin/exhibitions/${created.id}`);
  } catch (error) {
    return actionError(context, error, {
      fallback: "The exhibition could not be created. Please try again.",
      log: "Creating an exhibition failed",
    });
  }
}

export default function AdminExhibitions({ loaderData }: Route.ComponentProps) {
  return <ExhibitionsList exhibitions={loaderData} />;
}

export function ErrorBoundary() {
  return <RouteLoadError fallback="The exhibitions could not be loaded." />;
}
