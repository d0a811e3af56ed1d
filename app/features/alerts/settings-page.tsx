import type { ReactNode } from "react";
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { FormError, FormNotice } from "../../components/ui/form-message";
import { alertsMessages as m } from "./alerts.messages";

export type DigestFrequency = "daily" | "weekly" | "off";

/** One alert as the settings page lists it: the search in words and where it leads. */
export type AlertRow = {
  id: string;
  name: string;
  enabled: boolean;
  summary: string;
  searchPath: string;
};

export type SettingsActionResult =
  { ok: true; message: string } | { ok: false; error: string; intent: string };

const FREQUENCIES: ReadonlyArray<{ value: DigestFrequency; label: string; hint: string }> = [
  { value: "daily", label: "Daily", hint: "At most one e-mail a day" },
  { value: "weekly", label: "Weekly", hint: "At most one e-mail a week" },
  { value: "off", label: "Off", hint: "No e-mails about new works" },
];

/**
 * `/profile/settings`: how often the digest may come, whether it tells of artists one
 * follows, whether unread messages are e-mailed, and the alerts, each on or off or deleted. Plain forms: they work
 * without JavaScript, and with it React Router sends them and reads the page again.
 */
export function SettingsPage({
  preferences,
  timeZone,
  timeZones,
  alerts,
  result,
  children,
}: {
  preferences: { digestFrequency: DigestFrequency; followEmails: boolean; messageEmails: boolean };
  timeZone: string;
  timeZones: string[];
  alerts: AlertRow[];
  result?: SettingsActionResult;
  /** More sections of the page from other features (the signed-in devices). */
  children?: ReactNode;
}) {
  const busy = useNavigation().state === "submitting";
  const noticeRef = useRef<HTMLDivElement>(null);
  // A sent form may vanish with its answer (a deleted alert): the notice takes the focus.
  useEffect(() => {
    if (result) noticeRef.current?.focus();
  }, [result]);
  return (
    <article className="settings-page" aria-labelledby="settings-heading">
      <h1 id="settings-heading">Alerts and e-mail</h1>
      <div ref={noticeRef} tabIndex={-1} className="settings-notice">
        {result?.ok ? <FormNotice message={result.message} /> : null}
        {result && !result.ok ? <FormError message={result.error} /> : null}
      </div>

      <section aria-labelledby="settings-mail-heading" className="settings-section">
        <h2 id="settings-mail-heading">E-mail about new works and messages</h2>
        <Form method="post" className="settings-form">
          <input type="hidden" name="intent" value="preferences" />
          <fieldset>
            <legend>How often may we e-mail you when new works match your alerts?</legend>
            {FREQUENCIES.map((f) => (
              <label key={f.value} className="settings-choice">
                <input
                  type="radio"
                  name="digestFrequency"
                  value={f.value}
                  defaultChecked={preferences.digestFrequency === f.value}
                />
                <span>
                  {f.label} <span className="settings-hint">({f.hint})</span>
                </span>
              </label>
            ))}
          </fieldset>
          <label className="settings-choice">
            <input type="checkbox" name="followEmails" defaultChecked={preferences.followEmails} />
            <span>Include new works by artists I follow</span>
          </label>
          <fieldset>
            <legend>Messages</legend>
            <label className="settings-choice">
              <input
                type="checkbox"
                name="messageEmails"
                defaultChecked={preferences.messageEmails}
                aria-describedby="settings-messages-hint"
              />
              <span>E-mail me about new messages</span>
            </label>
            <small id="settings-messages-hint" className="settings-hint">
              When a message waits unread for 10 minutes; at most one e-mail an hour per
              conversation.
            </small>
          </fieldset>
          <button type="submit" className="button" disabled={busy}>
            Save e-mail settings
          </button>
        </Form>
      </section>

      <TimeZoneSection
        timeZone={timeZone}
        timeZones={timeZones}
        busy={busy}
        refused={result?.ok === false && result.intent === "time-zone"}
      />

      <section aria-labelledby="settings-alerts-heading" className="settings-section">
        <h2 id="settings-alerts-heading">Alerts</h2>
        {preferences.digestFrequency === "off" && alerts.length > 0 ? (
          <p className="message settings-off-note">{m.digestOff}</p>
        ) : null}
        {alerts.length === 0 ? (
          <p className="status-text">
            {m.noAlerts} <Link to="/">Go to the marketplace</Link>
          </p>
        ) : (
          <ul className="settings-alerts">
            {alerts.map((alert) => (
              <AlertItem key={alert.id} alert={alert} busy={busy} />
            ))}
          </ul>
        )}
      </section>
      {children}
    </article>
  );
}

/** The zone of the person's e-mails (decision 0043); pages follow the browser's own. */
function TimeZoneSection({
  timeZone,
  timeZones,
  busy,
  refused,
}: {
  timeZone: string;
  timeZones: string[];
  busy: boolean;
  refused: boolean;
}) {
  return (
    <section aria-labelledby="settings-zone-heading" className="settings-section">
      <h2 id="settings-zone-heading">Time zone</h2>
      <Form method="post" className="settings-form">
        <input type="hidden" name="intent" value="time-zone" />
        <label className="field settings-zone">
          <span>Time zone of your e-mails</span>
          <select
            name="timeZone"
            defaultValue={timeZone}
            aria-describedby="settings-zone-hint"
            aria-invalid={refused || undefined}
          >
            {timeZones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll("_", " ")}
              </option>
            ))}
          </select>
          <small id="settings-zone-hint" className="settings-hint">
            Deadlines in our e-mails are given in this zone. Pages show times in your device&apos;s
            zone.
          </small>
        </label>
        <button type="submit" className="button" disabled={busy}>
          Save time zone
        </button>
      </Form>
    </section>
  );
}

function AlertItem({ alert, busy }: { alert: AlertRow; busy: boolean }) {
  const nameId = `alert-${alert.id}-name`;
  return (
    <li className="settings-alert" aria-labelledby={nameId}>
      <div className="settings-alert-text">
        <p id={nameId} className="settings-alert-name">
          {alert.name}{" "}
          <span className={alert.enabled ? "settings-alert-on" : "settings-alert-off"}>
            {alert.enabled ? "On" : "Off"}
          </span>
        </p>
        {alert.summary ? <p className="settings-alert-summary">{alert.summary}</p> : null}
        <Link to={alert.searchPath}>See matching works</Link>
      </div>
      <div className="settings-alert-actions">
        <Form method="post">
          <input type="hidden" name="intent" value="alert-enabled" />
          <input type="hidden" name="alertId" value={alert.id} />
          <input type="hidden" name="enabled" value={alert.enabled ? "false" : "true"} />
          <button
            type="submit"
            className="button"
            disabled={busy}
            aria-label={`${alert.enabled ? "Turn off" : "Turn on"} alert ${alert.name}`}
          >
            {alert.enabled ? "Turn off" : "Turn on"}
          </button>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value="alert-delete" />
          <input type="hidden" name="alertId" value={alert.id} />
          <button
            type="submit"
            className="button"
            disabled={busy}
            aria-label={`Delete alert ${alert.name}`}
          >
            Delete
          </button>
        </Form>
      </div>
    </li>
  );
}
