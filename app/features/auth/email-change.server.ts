import { type AppLoadContext, data, redirect } from "react-router";
import { emailChangeMessages as m, emailChangeSchema } from "../../../contracts/auth.contract";
import { formText } from "../../lib/form-text";
import { actionError } from "../../lib/loader-errors.server";
import { readForm } from "../../lib/read-form.server";
import { validInput } from "../../lib/valid-input.server";

/** The settings page's "E-mail address" form (intent `email-change`), decision 0057. */

export type EmailChangeActionResult =
  { intent: "email"; ok: true; message: string } | { intent: "email"; ok: false; error: string };

export async function isEmailChangeForm(request: Request): Promise<boolean> {
  return (await readForm(request.clone())).get("intent") === "email-change";
}

export async function emailChangeAction(context: AppLoadContext, request: Request) {
  const form = await readForm(request);
  const viewer = await context.services.auth.getSessionUser(request.headers);
  if (!viewer) throw redirect("/signin?next=%2Fprofile%2Fsettings");
  try {
    await context.services.emailChange.request(
      viewer.id,
      validInput(emailChangeSchema, {
        newEmail: formText(form, "newEmail"),
        password: formText(form, "password"),
      }),
    );
    return data<EmailChangeActionResult>({ intent: "email", ok: true, message: m.sent });
  } catch (error) {
    const refusal = actionError(context, error, {
      fallback: m.failed,
      log: "An e-mail change failed",
    });
    return data<EmailChangeActionResult>(
      { intent: "email", ok: false, error: refusal.data.error },
      refusal.init ?? { status: 500 },
    );
  }
}
