import { Form, useNavigation } from "react-router";
import type { EmailChangeActionResult } from "./email-change.server";

/**
 * "E-mail address" on /profile/settings (decision 0057): the new address and the
 * password; a link goes to the new address, and only opening it changes anything.
 */
export function EmailSection({
  email,
  result,
}: {
  email: string;
  result: EmailChangeActionResult | undefined;
}) {
  const busy = useNavigation().state !== "idle";
  return (
    <section aria-labelledby="settings-email-heading" className="settings-section">
      <h2 id="settings-email-heading">E-mail address</h2>
      <p className="settings-hint">
        Now: <strong>{email}</strong>
      </p>
      {result ? (
        <p
          className={result.ok ? "message message-success" : "message message-error"}
          role={result.ok ? "status" : "alert"}
        >
          {result.ok ? result.message : result.error}
        </p>
      ) : null}
      <Form method="post" className="settings-form">
        <input type="hidden" name="intent" value="email-change" />
        <label className="field">
          <span>New e-mail address</span>
          <input type="email" name="newEmail" autoComplete="email" required maxLength={254} />
        </label>
        <label className="field">
          <span>Password</span>
          <input
            type="password"
            name="password"
            autoComplete="current-password"
            required
            maxLength={128}
            aria-describedby="settings-email-hint"
          />
          <small id="settings-email-hint" className="settings-hint">
            We send a link to the new address. Opening it changes the address, signs out every other
            device and tells the old address.
          </small>
        </label>
        <button type="submit" className="button" disabled={busy}>
          Change e-mail address
        </button>
      </Form>
    </section>
  );
}
