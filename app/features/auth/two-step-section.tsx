import { useState } from "react";
import { Form, useNavigation } from "react-router";
import type { TwoStepSetup } from "../../../contracts/auth.contract";
import type { TwoStepActionResult } from "./two-step.server";

/**
 * "Two-step verification" on /profile/settings (decision 0057): off → the password, then
 * the QR code (and the secret to type in), then the app's code, then the 10 backup codes
 * shown once; on → new backup codes or turning it off, each with the password. Plain
 * forms: everything but "Copy" works before the scripts.
 */
export function TwoStepSection({
  enabled,
  required,
  result,
}: {
  enabled: boolean;
  /** Why the person was sent here (an admin, decision 0057), or null. */
  required: string | null;
  result: TwoStepActionResult | undefined;
}) {
  const busy = useNavigation().state !== "idle";
  const setup = result?.stage === "setup" ? result.setup : undefined;
  return (
    <section id="two-step" aria-labelledby="settings-two-step-heading" className="settings-section">
      <h2 id="settings-two-step-heading">Two-step verification</h2>
      <p className="settings-hint">
        {enabled
          ? "On: signing in asks for a code from your authenticator app after your password."
          : "Off: add a code from an authenticator app to your password when you sign in."}
      </p>
      {required && !enabled ? (
        <p className="message message-error" role="alert">
          {required}
        </p>
      ) : null}
      {result && !result.ok ? (
        <p className="message message-error" role="alert">
          {result.error}
        </p>
      ) : null}
      {result?.ok && result.stage !== "setup" ? (
        <p className="message message-success" role="status">
          {result.message}
        </p>
      ) : null}
      {result?.ok && result.stage === "codes" ? <BackupCodes codes={result.backupCodes} /> : null}
      {setup && !enabled ? (
        <SetupStep setup={setup} busy={busy} />
      ) : enabled ? (
        <>
          <PasswordForm
            intent="two-step-codes"
            legend="New backup codes"
            fieldLabel="Password, to make new codes"
            label="Make new backup codes"
            hint="The codes you have now stop working."
            busy={busy}
          />
          <PasswordForm
            intent="two-step-disable"
            legend="Turn it off"
            fieldLabel="Password, to turn it off"
            label="Turn off two-step verification"
            hint="Signing in then asks only for your password."
            busy={busy}
          />
        </>
      ) : (
        <PasswordForm
          intent="two-step-start"
          label="Set up two-step verification"
          hint="Have an authenticator app ready on your phone."
          busy={busy}
        />
      )}
    </section>
  );
}

function PasswordForm({
  intent,
  legend,
  fieldLabel = "Password",
  label,
  hint,
  busy,
}: {
  intent: string;
  /** The form's own heading, when the section has two forms (each asking the password). */
  legend?: string;
  fieldLabel?: string;
  label: string;
  hint: string;
  busy: boolean;
}) {
  const hintId = `${intent}-hint`;
  const fields = (
    <>
      <label className="field">
        <span>{fieldLabel}</span>
        <input
          type="password"
          name="password"
          autoComplete="current-password"
          required
          maxLength={128}
          aria-describedby={hintId}
        />
        <small id={hintId} className="settings-hint">
          {hint}
        </small>
      </label>
      <button type="submit" className="button" disabled={busy}>
        {label}
      </button>
    </>
  );
  return (
    <Form
      method="post"
      className={legend ? "settings-form settings-form-even two-step-card" : "settings-form"}
    >
      <input type="hidden" name="intent" value={intent} />
      {legend ? (
        <fieldset>
          <legend>{legend}</legend>
          {fields}
        </fieldset>
      ) : (
        fields
      )}
    </Form>
  );
}

function SetupStep({ setup, busy }: { setup: TwoStepSetup; busy: boolean }) {
  return (
    <div className="two-step-setup">
      <p>Scan this QR code with your authenticator app, then enter the 6-digit code it shows.</p>
      <div
        className="two-step-qr"
        role="img"
        aria-label="QR code for your authenticator app"
        // The library's SVG of our own URI: no text from anyone else is in it.
        dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
      />
      <p>
        Cannot scan it? Type this key into the app:{" "}
        <code className="two-step-secret">{setup.secret}</code>
      </p>
      <p className="settings-hint">
        Or <a href={setup.uri}>open the setup link</a> on a device with the app.
      </p>
      <Form method="post" className="settings-form">
        <input type="hidden" name="intent" value="two-step-confirm" />
        <input type="hidden" name="uri" value={setup.uri} />
        <label className="field">
          <span>Code from the app</span>
          <input
            type="text"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            required
          />
        </label>
        <button type="submit" className="button button-primary" disabled={busy}>
          Turn on two-step verification
        </button>
      </Form>
    </div>
  );
}

function BackupCodes({ codes }: { codes: string[] }) {
  const [copied, setCopied] = useState(false);
  const text = `Vernissage backup codes (each works once)\n\n${codes.join("\n")}\n`;
  return (
    <div className="two-step-codes">
      <h3>Your backup codes</h3>
      <p>
        Keep these somewhere safe: each one signs you in once if you lose your phone. They are shown
        only now.
      </p>
      <ul className="two-step-code-list" aria-label="Backup codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <p className="two-step-code-actions">
        <a
          className="button"
          download="vernissage-backup-codes.txt"
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
        >
          Download the codes
        </a>
        <button
          type="button"
          className="button"
          onClick={() => {
            void navigator.clipboard?.writeText(text).then(() => setCopied(true));
          }}
        >
          Copy the codes
        </button>
      </p>
      <p role="status" className="settings-hint">
        {copied ? "Copied." : ""}
      </p>
    </div>
  );
}
