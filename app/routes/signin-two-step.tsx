import { Form, Link, redirect, useActionData, useLocation, useNavigation } from "react-router";
import { twoStepSignInSchema } from "../../contracts/auth.contract";
import { twoStepMessages } from "../../domain/auth-messages";
import { safeRedirectPath } from "../../domain/safe-path";
import { FormError } from "../components/ui/form-message";
import { cookieHeaders, requestMeta } from "../features/auth/request-meta.server";
import { collectAfterSignIn } from "../lib/collectors.server";
import { formText } from "../lib/form-text";
import { actionError } from "../lib/loader-errors.server";
import { readForm } from "../lib/read-form.server";
import { redirectIfSignedIn } from "../lib/require-user.server";
import { validInput } from "../lib/valid-input.server";
import type { Route } from "./+types/signin-two-step";

export function meta() {
  return [{ title: "Two-step verification · Vernissage" }, { name: "robots", content: "noindex" }];
}

/** A challenge cookie of the password step (Better Auth's, `__Secure-` on https). */
function hasChallenge(request: Request): boolean {
  return /(^|;\s*)(__Secure-)?better-auth\.two_factor=/.test(request.headers.get("cookie") ?? "");
}

/** Signed in already → /; no password step behind it → /signin (decision 0057). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await redirectIfSignedIn(request, context);
  if (!hasChallenge(request)) throw redirect(`/signin${new URL(request.url).search}`);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const method = form.get("method") === "backup" ? "backup" : "app";
  try {
    const { user, setCookies } = await context.services.auth.verifySignInStep(
      validInput(twoStepSignInSchema, { method, code: formText(form, "code") }),
      requestMeta(request, context),
    );
    const params = new URL(request.url).searchParams;
    params.delete("method");
    await collectAfterSignIn(context, user.id, params);
    return redirect(safeRedirectPath(params.get("next")), { headers: cookieHeaders(setCookies) });
  } catch (error) {
    return actionError(context, error, {
      fallback: twoStepMessages.failed,
      log: "A sign-in's second step failed",
    });
  }
}

/**
 * The second step of a sign-in: the 6-digit code of the authenticator app, or, with "Use a
 * backup code instead", one of the backup codes.
 */
export default function SignInTwoStep() {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const location = useLocation();
  // A link, not a toggle: it works before the scripts, and keeps `next`.
  const params = new URLSearchParams(location.search);
  const backup = params.get("method") === "backup";
  if (backup) params.delete("method");
  else params.set("method", "backup");
  const switchTo = `?${params.toString()}`;
  params.delete("method");
  const back = params.size ? `/signin?${params.toString()}` : "/signin";
  const error = result && "error" in result ? result.error : null;
  return (
    <section className="auth-card">
      <h1>Two-step verification</h1>
      <p>
        {backup
          ? "Enter one of the backup codes you saved. Each code works once."
          : "Enter the 6-digit code from your authenticator app."}
      </p>
      <Form method="post" className="stack" key={backup ? "backup" : "app"}>
        <input type="hidden" name="method" value={backup ? "backup" : "app"} />
        <label className="field">
          <span>{backup ? "Backup code" : "Code"}</span>
          <input
            name="code"
            type="text"
            autoComplete="one-time-code"
            inputMode={backup ? "text" : "numeric"}
            pattern={backup ? undefined : "[0-9]{6}"}
            maxLength={backup ? 32 : 6}
            required
            autoFocus
            aria-invalid={error ? true : undefined}
          />
        </label>
        <FormError message={error} />
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? "Checking..." : "Verify"}
        </button>
      </Form>
      <p className="auth-forgot">
        <Link to={switchTo} replace>
          {backup ? "Use the authenticator app instead" : "Use a backup code instead"}
        </Link>
      </p>
      <p className="auth-switch">
        <Link to={back}>Back to sign in</Link>
      </p>
    </section>
  );
}
