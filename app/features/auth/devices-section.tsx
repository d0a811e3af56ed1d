import { Form, useNavigation } from "react-router";
import type { Device } from "../../../contracts/auth.contract";
import { formatDateTime } from "../../../domain/date-time";
import { useTimeZone } from "../../lib/time-zone";
import type { DevicesActionResult } from "./devices.server";

/**
 * "Signed-in devices" on /profile/settings: every device signed in to the account, this
 * one marked, each other one with Sign out, and one button for all the others. Plain
 * forms: they work before the scripts and without them.
 */
export function DevicesSection({
  devices,
  result,
}: {
  devices: Device[] | null;
  result: DevicesActionResult | undefined;
}) {
  const timeZone = useTimeZone();
  const busy = useNavigation().state !== "idle";
  const others = devices?.filter((device) => !device.current) ?? [];
  return (
    <>
      <section aria-labelledby="settings-password-heading" className="settings-section">
        <h2 id="settings-password-heading">Password</h2>
        <Form method="post" className="settings-form">
          <input type="hidden" name="intent" value="change-password" />
          <label className="field">
            <span>Current password</span>
            <input
              type="password"
              name="currentPassword"
              autoComplete="current-password"
              required
              maxLength={128}
            />
          </label>
          <label className="field">
            <span>New password</span>
            <input
              type="password"
              name="newPassword"
              autoComplete="new-password"
              required
              minLength={6}
              maxLength={128}
              aria-describedby="settings-password-hint"
            />
            <small id="settings-password-hint" className="settings-hint">
              At least 6 characters. Every other device is signed out, and we e-mail you.
            </small>
          </label>
          <button type="submit" className="button" disabled={busy}>
            Change password
          </button>
        </Form>
      </section>
      <section aria-labelledby="settings-devices-heading" className="settings-section">
        <h2 id="settings-devices-heading">Signed-in devices</h2>
        {result ? (
          <p
            className={result.ok ? "message message-success" : "message message-error"}
            role={result.ok ? "status" : "alert"}
          >
            {result.ok ? result.message : result.error}
          </p>
        ) : null}
        {devices === null ? (
          <p className="message message-error" role="alert">
            Your devices could not be loaded. Please reload the page.
          </p>
        ) : (
          <>
            <ul className="settings-devices">
              {devices.map((device) => (
                <li key={device.id}>
                  <div>
                    <strong>
                      {device.browser} on {device.system}
                    </strong>
                    {device.current ? <span className="hint"> (this device)</span> : null}
                    <br />
                    <small className="settings-hint">
                      {device.place} · Last seen {formatDateTime(device.lastSeenAt, timeZone)};
                      signed in {formatDateTime(device.signedInAt, timeZone)}
                    </small>
                  </div>
                  {device.current ? null : (
                    <Form method="post">
                      <input type="hidden" name="intent" value="sign-out-device" />
                      <input type="hidden" name="id" value={device.id} />
                      <button
                        type="submit"
                        className="button button-small"
                        disabled={busy}
                        aria-label={`Sign out ${device.browser} on ${device.system}`}
                      >
                        Sign out
                      </button>
                    </Form>
                  )}
                </li>
              ))}
            </ul>
            {others.length > 0 ? (
              <Form method="post">
                <input type="hidden" name="intent" value="sign-out-others" />
                <button type="submit" className="button" disabled={busy}>
                  Sign out of all other devices
                </button>
              </Form>
            ) : null}
          </>
        )}
      </section>
    </>
  );
}
