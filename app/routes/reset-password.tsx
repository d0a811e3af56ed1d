import { useState } from "react";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { formText } from "../lib/form-text";
import { readForm } from "../lib/read-form.server";
import { FormError } from "../components/ui/form-message";
import { authMessages } from "../../domain/auth-messages";
import { actionError } from "../lib/loader-errors.server";
import { requestMeta } from "../features/auth/request-meta.server";
import { validInput } from "../lib/valid-input.server";
import { resetPasswordBodySchema } from "../../contracts/auth.contract";
import type { Route } from "./+types/reset-password";

export function meta() {
  return [{ title: "Choose a new password · Vernissage" }];
}

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  try {
    await context.services.auth.resetPassword(
      validInput(resetPasswordBodySchema, {
        token: formText(form, "token"),
        newPassword: formText(form, "newPassword"),
      }),
      requestMeta(request, context),
    );
    return { done: true as const };
  } catch (error) {
    return actionError(context, error, {
      fallback: authMessages.resetLinkInvalid,
      log: "A password reset failed",
    });
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
