import type { AppLoadContext } from "react-router";
import { sitePageEditSchema } from "../../../contracts/site-pages.contract";
import { validInput } from "../../lib/valid-input.server";
import { type AdminIntent, field } from "./admin.server";

/** The console's site page editor: the text through the API's own schema, then the service. */
export function sitePageIntents(
  context: AppLoadContext,
  slug: string,
): Record<string, AdminIntent> {
  return {
    async save(form, admin) {
      const body = validInput(sitePageEditSchema, { markdown: field(form, "markdown") });
      const page = await context.services.sitePages.edit(admin, slug, body);
      return page.isDefault
        ? "The page shows its default text again."
        : "The page is saved and shown on the site.";
    },
  };
}
