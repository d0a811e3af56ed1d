import {
  adminArtworksQuerySchema,
  curationBodySchema,
  hideBodySchema,
} from "../../contracts/admin-artworks.contract";
import { RouteLoadError } from "../components/load-error";
import { field, runAdminAction } from "../features/admin/admin.server";
import { ArtworksTable } from "../features/admin/artworks-table";
import { readForPage } from "../lib/loader-errors.server";
import { requireAdmin } from "../lib/require-user.server";
import { validInput } from "../lib/valid-input.server";
import type { Route } from "./+types/admin-artworks";

export function meta() {
  return [{ title: "Artworks · Console · Vernissage" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  return readForPage(
    context,
    async () => context.services.moderation.artworks(validInput(adminArtworksQuerySchema, params)),
    { fallback: "The artworks could not be loaded.", log: "The artworks list failed to load" },
  );
}

/** The order field as a number for the contract; empty or not a number is refused there. */
function orderOf(value: string): number | undefined {
  return value.trim() === "" ? Number.NaN : Number(value);
}

export async function action({ request, context }: Route.ActionArgs) {
  const { moderation } = context.services;
  return runAdminAction(context, request, {
    hide: async (form, admin) =>
      (
        await moderation.hide(
          admin,
          field(form, "id"),
          validInput(hideBodySchema, { reason: field(form, "reason") }),
        )
      ).message,
    unhide: async (form, admin) => (await moderation.unhide(admin, field(form, "id"))).message,
    curation: async (form, admin) =>
      (
        await moderation.curation(
          admin,
          field(form, "id"),
          validInput(curationBodySchema, {
            isCurated: field(form, "isCurated") === "true",
            randomOrder: orderOf(field(form, "randomOrder")),
          }),
        )
      ).message,
  });
}

export default function AdminArtworks({ loaderData }: Route.ComponentProps) {
  return <ArtworksTable page={loaderData} />;
}

export function ErrorBoundary() {
  return <RouteLoadError fallback="The artworks could not be loaded." />;
}
