import { useState } from "react";
import { Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { formText } from "../lib/form-text";
import { readForm } from "../lib/read-form.server";
import { FormError } from "../components/ui/form-message";
import { authMessages } from "../../domain/auth-messages";
import { actionError } from "../lib/loader-errors.server";
import { cookieHeaders, requestMeta } from "../features/auth/request-meta.server";
import { safeRedirectPath } from "../../domain/safe-path";
import { validInput } from "../lib/valid-input.server";
import { resetPasswordBodySchema } from "../../contracts/auth.contract";
import type { Route } from "./+types/reset-password";

export function meta() {
  return [{ title: "Choose a new password · Vernissage" }];
}

export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  return { token: params.get("token") ?? "", next: safeRedirectPath(params.get("next"), "") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const { auth } = context.services;
  const newPassword = formText(form, "newPassword");
  let email: string;
  try {
    ({ email } = await auth.resetPassword(
      validInput(resetPasswordBodySchema, { token: formText(form, "token"), newPassword }),
      requestMeta(request, context),
    ));
  } catch (error) {
    return actionError(context, error, {
      fallback: authMessages.resetLinkInvalid,
      log: "A password reset failed",
    });
  }
  // A link that says where to go (a guest's purchase link) signs the person in and goes
  // there: they just proved they hold the link, and chose the password a moment ago.
  const next = safeRedirectPath(new URL(request.url).searchParams.get("next"), "");
  if (!next || !email) return { done: true as const };
  try {
    const { setCookies } = await auth.signIn(
      { email, password: newPassword },
      requestMeta(request, context),
    );
    return redirect(next, { headers: cookieHeaders(setCookies) });
  } catch (error) {
    context.services.logger.warn("signing in after a password reset failed", { error });
    return { done: true as const };
  }
}

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const [clientError, setClientError] = useState<string | null>(null);
  if (!loaderData.token) {
    return (
      <section className="auth-card stack">
        <h1>Choose a new password</h1>
        <p className="message message-error" role="alert">
          {authMessages.resetLinkInvalid}
        </p>
        <Link to="/signin">Back to sign in</Link>
      </section>
    );
  }
  if (result && "done" in result) {
    return (
      <section className="auth-card stack">
        <h1>Password changed</h1>
        <p role="status">{authMessages.passwordChanged}</p>
        <Link className="button button-primary" to="/signin">
          Sign In
        </Link>
      </section>
    );
  }
  const error = clientError ?? (result && "error" in result ? result.error : null);
  return (
    <section className="auth-card">
      <h1>Choose a new password</h1>
      {loaderData.next === "/profile/purchases" ? (
        <p>{authMessages.setPasswordForPurchases}</p>
      ) : null}
      <Form
        method="post"
        className="stack"
        noValidate
        onSubmit={(event) => {
          const form = new FormData(event.currentTarget);
          const password = formText(form, "newPassword");
          let message: string | null = null;
          if (password.length < 6) message = authMessages.weakPassword;
          else if (password !== formText(form, "confirmPassword"))
            message = authMessages.passwordsDoNotMatch;
          setClientError(message);
          if (message) event.preventDefault();
        }}
      >
        <input type="hidden" name="token" value={loaderData.token} />
        <label className="field">
          <span>New password</span>
          <input
            name="newPassword"
            type="password"
            autoComplete="new-password"
            minLength={6}
            required
          />
        </label>
        <label className="field">
          <span>Repeat the new password</span>
          <input name="confirmPassword" type="password" autoComplete="new-password" required />
        </label>
        <FormError message={error} />
        <button
          type="submit"
          className="button button-primary"
          disabled={navigation.state !== "idle"}
        >
          Set New Password
        </button>
      </Form>
    </section>
  );
}
