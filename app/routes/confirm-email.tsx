import { Form, Link, data, useActionData, useNavigation } from "react-router";
import { emailConfirmSchema } from "../../contracts/auth.contract";
import { emailChangeMessages as m } from "../../domain/auth-messages";
import { FormError, FormNotice } from "../components/ui/form-message";
import { formText } from "../lib/form-text";
import { actionError } from "../lib/loader-errors.server";
import { readForm } from "../lib/read-form.server";
import { validInput } from "../lib/valid-input.server";
import type { Route } from "./+types/confirm-email";

export function meta() {
  return [
    { title: "Confirm your new e-mail address · Vernissage" },
    { name: "robots", content: "noindex" },
  ];
}

/** The token from the link; opening the page changes nothing (mail scanners open links). */
export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  try {
    const { token } = validInput(emailConfirmSchema, { token: formText(form, "token") });
    const { email, signedIn } = await context.services.emailChange.confirm(token, request.headers);
    // Only the browser that is the person's stays signed in; say what is true here.
    return data({
      ok: true as const,
      notice: signedIn ? m.changed : m.changedSignedOut,
      email,
      signedIn,
    });
  } catch (error) {
    return actionError(context, error, { fallback: m.failed, log: "An e-mail change link failed" });
  }
}

/** The link sent to a new e-mail address (decision 0057): one button finishes the change. */
export default function ConfirmEmail({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const done = result && "notice" in result;
  return (
    <section className="auth-card">
      <h1>Confirm your new e-mail address</h1>
      {done ? (
        <>
          <FormNotice message={result.notice} />
          <p>
            Your account now uses <strong>{result.email}</strong>.{" "}
            {result.signedIn ? (
              <Link to="/profile/settings">Go to your settings</Link>
            ) : (
              <Link to="/signin">Sign in</Link>
            )}
          </p>
        </>
      ) : (
        <Form method="post" className="stack">
          <input type="hidden" name="token" value={loaderData.token} />
          <p>Use this address for your Vernissage account from now on.</p>
          <FormError message={result && "error" in result ? result.error : null} />
          <button type="submit" className="button button-primary" disabled={busy}>
            Use this address
          </button>
        </Form>
      )}
    </section>
  );
}
