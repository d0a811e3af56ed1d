import { type AppLoadContext, data, redirect } from "react-router";
import {
  type TwoStepSetup,
  twoStepConfirmSchema,
  twoStepMessages as m,
  twoStepPasswordSchema,
} from "../../../contracts/auth.contract";
import { actionError } from "../../lib/loader-errors.server";
import { readForm } from "../../lib/read-form.server";
import { validInput } from "../../lib/valid-input.server";
import { formText } from "../../lib/form-text";
import { cookieHeaders, requestMeta } from "./request-meta.server";

/** The settings page's "Two-step verification" forms (field `intent`), decision 0057. */

export const TWO_STEP_INTENTS = [
  "two-step-start",
  "two-step-confirm",
  "two-step-disable",
  "two-step-codes",
] as const;

export type TwoStepActionResult =
  | { intent: "two-step"; ok: true; stage: "setup"; setup: TwoStepSetup }
  | { intent: "two-step"; ok: true; stage: "codes"; backupCodes: string[]; message: string }
  | { intent: "two-step"; ok: true; stage: "done"; message: string }
  | { intent: "two-step"; ok: false; stage: "setup" | "done"; setup?: TwoStepSetup; error: string };

export async function isTwoStepForm(request: Request): Promise<boolean> {
  const intent = (await readForm(request.clone())).get("intent");
  return (TWO_STEP_INTENTS as readonly unknown[]).includes(intent);
}

export async function twoStepAction(context: AppLoadContext, request: Request) {
  const form = await readForm(request);
  const intent = form.get("intent");
  const { auth, twoStep } = context.services;
  const meta = requestMeta(request, context);
  const viewer = await auth.getSessionUser(request.headers);
  if (!viewer) throw redirect("/signin?next=%2Fprofile%2Fsettings");
  // The setup shown again with an error, so a mistyped code can be typed again.
  const shown = intent === "two-step-confirm" ? await setupShown(context, form) : undefined;
  try {
    if (intent === "two-step-start") {
      const setup = await twoStep.start(
        viewer.id,
        validInput(twoStepPasswordSchema, { password: formText(form, "password") }),
        meta,
      );
      return data<TwoStepActionResult>({ intent: "two-step", ok: true, stage: "setup", setup });
    }
    if (intent === "two-step-confirm") {
      const { backupCodes, setCookies } = await twoStep.confirm(
        viewer.id,
        validInput(twoStepConfirmSchema, { code: formText(form, "code") }),
        meta,
      );
      return data<TwoStepActionResult>(
        { intent: "two-step", ok: true, stage: "codes", backupCodes, message: m.enabled },
        { headers: cookieHeaders(setCookies) },
      );
    }
    if (intent === "two-step-codes") {
      const backupCodes = await twoStep.regenerateBackupCodes(
        validInput(twoStepPasswordSchema, { password: formText(form, "password") }),
        meta,
      );
      return data<TwoStepActionResult>({
        intent: "two-step",
        ok: true,
        stage: "codes",
        backupCodes,
        message: m.regenerated,
      });
    }
    const setCookies = await twoStep.disable(
      viewer.id,
      validInput(twoStepPasswordSchema, { password: formText(form, "password") }),
      meta,
    );
    return data<TwoStepActionResult>(
      { intent: "two-step", ok: true, stage: "done", message: m.disabled },
      { headers: cookieHeaders(setCookies) },
    );
  } catch (error) {
    const refusal = actionError(context, error, {
      fallback: m.failed,
      log: "A two-step verification change failed",
    });
    return data<TwoStepActionResult>(
      {
        intent: "two-step",
        ok: false,
        stage: shown ? "setup" : "done",
        setup: shown,
        error: refusal.data.error,
      },
      refusal.init ?? { status: 500 },
    );
  }
}

/** The QR code and secret the confirm form carries back (the URI alone; the QR is remade). */
async function setupShown(
  context: AppLoadContext,
  form: FormData,
): Promise<TwoStepSetup | undefined> {
  const uri = formText(form, "uri");
  if (!uri.startsWith("otpauth://totp/") || uri.length > 512) return undefined;
  return context.services.twoStep.describe(uri).catch(() => undefined);
}
