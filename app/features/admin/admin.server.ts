import type { AppLoadContext } from "react-router";
import type { SessionUser } from "../../../contracts/auth.contract";
import { AppError } from "../../../server/errors";
import { actionError } from "../../lib/loader-errors.server";
import { readForm } from "../../lib/read-form.server";
import { requireAdmin } from "../../lib/require-user.server";

/** One console action of a page: the form's fields and the admin; answers the notice to show. */
export type AdminIntent = (form: FormData, admin: SessionUser) => Promise<string>;

const UNKNOWN_ACTION = "That action is not known.";

/**
 * A console page's action: the admin check first (before the body is read, as the
 * `/api/admin/*` routes do), then the form, then the handler its `intent` field names.
 * Answers `{ ok: true, message }`, or the refusal with its status for the form to show.
 */
export async function runAdminAction(
  context: AppLoadContext,
  request: Request,
  intents: Record<string, AdminIntent>,
) {
  const admin = await requireAdmin(request, context);
  const form = await readForm(request);
  const intent = form.get("intent");
  const handler = typeof intent === "string" ? intents[intent] : undefined;
  try {
    if (!handler || !Object.hasOwn(intents, intent as string)) {
      throw new AppError("BAD_REQUEST", 400, UNKNOWN_ACTION);
    }
    return { ok: true as const, message: await handler(form, admin) };
  } catch (error) {
    return actionError(context, error, {
      fallback: "That did not work. Please try again.",
      log: "A console action failed",
      details: { intent },
    });
  }
}

/** A text field of a form, "" when it is absent or a file. */
export function field(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}
