import { Form, Link, useNavigation } from "react-router";
import { FormError, FormNotice } from "../../components/ui/form-message";
import { type UnsubscribeScope, unsubscribeTexts } from "./alerts.messages";

export type UnsubscribeActionResult = { ok: true } | { ok: false; error: string };

/**
 * Issue 16 `/unsubscribe?token=…`, the link in an alert e-mail's body: it asks first and
 * changes nothing on the visit itself, because mail scanners open links; the button does
 * it, with no sign-in. Mail clients use the one-click `POST /api/unsubscribe` instead.
 */
export function UnsubscribePage({
  token,
  scope,
  alertName,
  result,
}: {
  token: string;
  scope: UnsubscribeScope;
  alertName?: string;
  result?: UnsubscribeActionResult;
}) {
  const busy = useNavigation().state === "submitting";
  const texts = unsubscribeTexts(scope, alertName);
  return (
    <article className="unsubscribe-page" aria-labelledby="unsubscribe-heading">
      <h1 id="unsubscribe-heading">Unsubscribe</h1>
      <section className="settings-section">
        {result?.ok ? (
          <FormNotice message={texts.done} />
        ) : (
          <Form method="post" className="settings-form">
            <input type="hidden" name="token" value={token} />
            <p>{texts.question}</p>
            {result && !result.ok ? <FormError message={result.error} /> : null}
            <button type="submit" className="button button-primary" disabled={busy}>
              Unsubscribe
            </button>
          </Form>
        )}
        <Link to="/profile/settings">Manage all your alerts and e-mails</Link>
      </section>
    </article>
  );
}
