import { useState } from "react";
import { Form, Link, redirect, useActionData, useLocation, useNavigation } from "react-router";
import { formText } from "../lib/form-text";
import { readForm } from "../lib/read-form.server";
import { FormError, FormNotice } from "../components/ui/form-message";
import { redirectIfSignedIn } from "../lib/require-user.server";
import { PurchaseAccountNotice } from "../features/auth/purchase-account-notice";
import { readGuestAccountState } from "../lib/purchase-success-state";
import { authMessages } from "../../domain/auth-messages";
import { safeRedirectPath } from "../../domain/safe-path";
import { actionError } from "../lib/loader-errors.server";
import { cookieHeaders, requestMeta } from "../features/auth/request-meta.server";
import { validInput } from "../lib/valid-input.server";
import { collectAfterSignIn } from "../lib/collectors.server";
import { passwordResetRequestSchema, signInSchema } from "../../contracts/auth.contract";
import { authSwitchPath } from "../lib/auth-switch";
import type { Route } from "./+types/signin";

export function meta() {
  return [
    { title: "Sign in · Vernissage" },
    { name: "description", content: "Sign in to Vernissage." },
  ];
}

export function loader({ request, context }: Route.LoaderArgs) {
  return redirectIfSignedIn(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const email = formText(form, "email");
  const { auth } = context.services;
  if (form.get("intent") === "reset") {
    try {
      await auth.requestPasswordReset(
        validInput(passwordResetRequestSchema, { email }),
        requestMeta(request, context),
      );
      return { notice: authMessages.resetSent };
    } catch (error) {
      return actionError(context, error, {
        fallback: authMessages.resetFailed,
        log: "A password reset request failed",
      });
    }
  }
  try {
    const result = await auth.signIn(
      validInput(signInSchema, { email, password: formText(form, "password") }),
      requestMeta(request, context),
    );
    const url = new URL(request.url);
    // Decision 0057: the password was right; the code is asked for on the next page.
    if ("twoStepRequired" in result) {
      return redirect(`/signin/two-step${url.search}`, {
        headers: cookieHeaders(result.setCookies),
      });
    }
    const { user, setCookies } = result;
    const params = url.searchParams;
    await collectAfterSignIn(context, user.id, params);
    return redirect(safeRedirectPath(params.get("next")), {
      headers: cookieHeaders(setCookies),
    });
  } catch (error) {
    return actionError(context, error, {
      fallback: authMessages.signInFailed,
      log: "A sign-in failed",
    });
  }
}

/**
 * Why a heart or Follow brought the visitor here: the sign-in does it on the
 * way back, so the page says so first.
 */
function signInReason(search: string): string | null {
  const params = new URLSearchParams(search);
  if (params.get("save")) return "Sign in to save this work. It is saved as soon as you are in.";
  if (params.get("follow")) {
    return "Sign in to follow this artist. You follow them as soon as you are in.";
  }
  return null;
}

export default function SignIn() {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [clientError, setClientError] = useState<string | null>(null);
  const error = clientError ?? (result && "error" in result ? result.error : null);
  const notice = !clientError && result && "notice" in result ? result.notice : null;
  // After a guest purchase: the account's e-mail, and why a password is needed.
  const location = useLocation();
  const guest = readGuestAccountState(location.state);
  const why = signInReason(location.search);

  return (
    <section className="auth-card">
      <h1>Sign in</h1>
      {why ? <p className="auth-why">{why}</p> : null}
      <Form
        method="post"
        className="stack"
        noValidate
        onSubmit={(event) => {
          const submitter = (event.nativeEvent as SubmitEvent)
            .submitter as HTMLButtonElement | null;
          const form = new FormData(event.currentTarget);
          const email = formText(form, "email").trim();
          const password = formText(form, "password");
          let message: string | null = null;
          if (submitter?.value === "reset") {
            if (!email) message = authMessages.resetNeedsEmail;
          } else if (!email || !password) {
            message = authMessages.signInRequired;
          }
          setClientError(message);
          if (message) event.preventDefault();
        }}
      >
        {guest && !notice ? <PurchaseAccountNotice guest={guest} /> : null}
        <label className="field">
          <span>Email</span>
          <input
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={guest?.purchaseEmail}
          />
        </label>
        <label className="field">
          <span>Password</span>
          <input name="password" type="password" autoComplete="current-password" />
        </label>
        <FormError message={error} />
        <FormNotice message={notice} />
        <button
          type="submit"
          name="intent"
          value="signin"
          className="button button-primary"
          disabled={busy}
        >
          {busy && navigation.formData?.get("intent") === "signin" ? "Signing in..." : "Sign In"}
        </button>
        {/* SPEC §2 names a Forgot password link, §8's guest texts a 'Reset Password' button: both. */}
        <p className="auth-forgot">
          {authMessages.forgotPassword}{" "}
          <button type="submit" name="intent" value="reset" className="button-link" disabled={busy}>
            {authMessages.resetPasswordButton}
          </button>
        </p>
      </Form>
      <p className="auth-switch">
        New to Vernissage?{" "}
        <Link to={authSwitchPath("/signup", location.search)}>Create an account</Link>
      </p>
    </section>
  );
}
