import { pickerQuerySchema } from "../../contracts/admin-curation.contract";
import { RouteLoadError } from "../components/load-error";
import { runAdminAction } from "../features/admin/admin.server";
import { exhibitionEditorIntents } from "../features/admin/curation.server";
import { ExhibitionEditor } from "../features/admin/exhibitions-editor";
import { readForPage } from "../lib/loader-errors.server";
import { requireAdmin } from "../lib/require-user.server";
import { validInput } from "../lib/valid-input.server";
import type { Route } from "./+types/admin-exhibition";

export function meta({ data }: Route.MetaArgs) {
  const name = data?.exhibition.name ?? "Exhibition";
  return [{ title: `${name} · Console · Vernissage` }, { name: "robots", content: "noindex" }];
}

/** The exhibition, and with `?q=` the picker's search results. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  return readForPage(
    context,
    async () => {
      const { curation } = context.services;
      const exhibition = await curation.exhibition(params.exhibitionId);
      const picker = url.searchParams.has("q")
        ? await curation.pickArtworks(
            validInput(pickerQuerySchema, { q: url.searchParams.get("q") ?? "" }),
          )
        : null;
      return { exhibition, picker };
    },
    {
      fallback: "The exhibition could not be loaded.",
      log: "The console's exhibition failed to load",
    },
  );
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return runAdminAction(context, request, exhibitionEditorIntents(context, params.exhibitionId));
}

export default function AdminExhibition({ loaderData }: Route.ComponentProps) {
  // A new key per exhibition resets the editor's unsaved list.
  return <ExhibitionEditor key={loaderData.exhibition.id} exhibition={loaderData.exhibition} />;
}

export function ErrorBoundary() {
  return <RouteLoadError fallback="The exhibition could not be loaded." />;
}
