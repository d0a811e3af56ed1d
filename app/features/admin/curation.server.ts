import type { AppLoadContext } from "react-router";
import {
  bannerCreateSchema,
  categoryBodySchema,
  cityBodySchema,
  exhibitionArtworksSchema,
  exhibitionCreateSchema,
  exhibitionPatchSchema,
} from "../../../contracts/admin-curation.contract";
import type { SessionUser } from "../../../contracts/auth.contract";
import { categoryLabel } from "../../../domain/display";
import { validInput } from "../../lib/valid-input.server";
import { type AdminIntent, field } from "./admin.server";

/**
 * The console's curation pages' actions (exhibitions, banners, cities and categories):
 * each form's fields through the same contract schema as the API, then the service.
 */

/** An optional upload id field: absent or empty means "no new image". */
function uploadIdField(form: FormData, name: string): string | undefined {
  return field(form, name) || undefined;
}

export function exhibitionCreate(context: AppLoadContext, form: FormData, admin: SessionUser) {
  const body = validInput(exhibitionCreateSchema, {
    name: field(form, "name"),
    description: field(form, "description"),
    address: field(form, "address"),
    startsOn: field(form, "startsOn"),
    endsOn: field(form, "endsOn"),
    openingHours: field(form, "openingHours"),
    bannerUploadId: uploadIdField(form, "uploadId"),
  });
  return context.services.curation.createExhibition(admin, body);
}

export function exhibitionEditorIntents(
  context: AppLoadContext,
  exhibitionId: string,
): Record<string, AdminIntent> {
  const { curation } = context.services;
  return {
    async save(form, admin) {
      const patch = validInput(exhibitionPatchSchema, {
        name: field(form, "name"),
        description: field(form, "description"),
        address: field(form, "address"),
        startsOn: field(form, "startsOn"),
        endsOn: field(form, "endsOn"),
        openingHours: field(form, "openingHours"),
        bannerUploadId: form.get("removeBanner") === "yes" ? null : uploadIdField(form, "uploadId"),
      });
      await curation.editExhibition(admin, exhibitionId, patch);
      return "The exhibition is saved.";
    },
    async activate(_form, admin) {
      await curation.setExhibitionActive(admin, exhibitionId, true);
      return "The exhibition is active: it is on the Exhibitions page.";
    },
    async deactivate(_form, admin) {
      await curation.setExhibitionActive(admin, exhibitionId, false);
      return "The exhibition is inactive: it is no longer public.";
    },
    async artworks(form, admin) {
      const ids = field(form, "artworkIds")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
      await curation.setExhibitionArtworks(
        admin,
        exhibitionId,
        validInput(exhibitionArtworksSchema, { artworkIds: ids }),
      );
      return ids.length === 1
        ? "1 work saved in this order."
        : `${ids.length} works saved in this order.`;
    },
  };
}

export function bannerIntents(context: AppLoadContext): Record<string, AdminIntent> {
  const { curation } = context.services;
  return {
    async create(form, admin) {
      const body = validInput(bannerCreateSchema, {
        uploadId: field(form, "uploadId"),
        altText: field(form, "altText"),
      });
      await curation.createBanner(admin, body);
      return "The banner is added. Activate it to show it on the home page.";
    },
    async activate(form, admin) {
      await curation.activateBanner(admin, field(form, "bannerId"));
      return "The banner is on the home page.";
    },
    async deactivate(form, admin) {
      await curation.deactivateBanner(admin, field(form, "bannerId"));
      return "The banner is off the home page.";
    },
    async delete(form, admin) {
      await curation.deleteBanner(admin, field(form, "bannerId"));
      return "The banner is deleted.";
    },
  };
}

export function catalogIntents(context: AppLoadContext): Record<string, AdminIntent> {
  const { curation } = context.services;
  const kinds = {
    city: { schema: cityBodySchema, show: (n: string) => n },
    category: { schema: categoryBodySchema, show: categoryLabel },
  } as const;
  const intents: Record<string, AdminIntent> = {};
  for (const kind of ["city", "category"] as const) {
    const { schema, show } = kinds[kind];
    intents[`${kind}-create`] = async (form, admin) => {
      const { name } = validInput(schema, { name: field(form, "name") });
      const row = await curation.createCatalogEntry(admin, kind, name);
      return `“${show(row.name)}” is added.`;
    };
    intents[`${kind}-rename`] = async (form, admin) => {
      const { name } = validInput(schema, { name: field(form, "name") });
      const row = await curation.renameCatalogEntry(admin, kind, field(form, "id"), name);
      return `Renamed to “${show(row.name)}”.`;
    };
    intents[`${kind}-delete`] = async (form, admin) => {
      await curation.deleteCatalogEntry(admin, kind, field(form, "id"));
      return "Deleted.";
    };
  }
  return intents;
}
