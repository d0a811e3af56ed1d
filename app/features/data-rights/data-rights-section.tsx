import { useEffect } from "react";
import { Form, Link, useNavigation, useRevalidator } from "react-router";
import type { DataExport } from "../../../contracts/data-rights.contract";
import { formatDateTime } from "../../../domain/date-time";
import { centsText } from "../../../domain/money-input";
import { useTimeZone } from "../../lib/time-zone";
import type { DataRightsActionResult, DataRightsData } from "./data-rights.server";

/** The box to tick before closing: the step that stands between a click and the end. */
export const CLOSE_CONFIRM_LABEL = "I understand that my account is deleted for good.";

/** How often the page asks again while an export is being prepared. */
const POLL_MS = 2000;

function sizeText(bytes: number | null): string {
  if (bytes === null) return "";
  if (bytes < 1024 * 1024) return `, ${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `, ${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function ExportState({ dataExport }: { dataExport: DataExport }) {
  const timeZone = useTimeZone();
  if (dataExport.status === "queued" || dataExport.status === "building") {
    return (
      <div className="settings-export">
        <p role="status">
          Preparing your data: {dataExport.progress}% done. We will e-mail you when it is ready.
        </p>
        <progress max={100} value={dataExport.progress} aria-label="Preparing your data" />
        <p className="settings-hint">
          <a href="/profile/settings#your-data">Refresh</a> to see how far it is.
        </p>
      </div>
    );
  }
  if (dataExport.status === "ready" && dataExport.downloadUrl) {
    return (
      <p role="status">
        Your data is ready.{" "}
        <a href={dataExport.downloadUrl} download className="button button-small">
          Download your data (ZIP{sizeText(dataExport.sizeBytes)})
        </a>{" "}
        <small className="settings-hint">
          Available until {formatDateTime(dataExport.expiresAt!, timeZone)}.
        </small>
      </p>
    );
  }
  if (dataExport.status === "failed") {
    return (
      <p className="message message-error" role="alert">
        {dataExport.failure}
      </p>
    );
  }
  return <p className="settings-hint">Your last download has expired.</p>;
}

function ResultMessage({ result }: { result: DataRightsActionResult | undefined }) {
  if (!result) return null;
  return (
    <p
      className={result.ok ? "message message-success" : "message message-error"}
      role={result.ok ? "status" : "alert"}
    >
      {result.ok ? result.message : result.error}
    </p>
  );
}

/**
 * "Your data" and "Delete my account" on /profile/settings (decision 0058). Plain forms:
 * they work without scripts; with them, the page asks again every two seconds while an
 * export is being prepared.
 */
export function DataRightsSection({
  rights,
  result,
  twoStepOn,
}: {
  rights: DataRightsData;
  result: DataRightsActionResult | undefined;
  /** Whether the person has two-step verification on: only then is the code asked for. */
  twoStepOn: boolean;
}) {
  const busy = useNavigation().state !== "idle";
  const revalidator = useRevalidator();
  const timeZone = useTimeZone();
  const preparing =
    rights?.dataExport?.status === "queued" || rights?.dataExport?.status === "building";
  useEffect(() => {
    if (!preparing) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [preparing, revalidator]);

  if (rights === null) {
    return (
      <section aria-labelledby="your-data-heading" className="settings-section" id="your-data">
        <h2 id="your-data-heading">Your data</h2>
        <p className="message message-error" role="alert">
          This section could not be loaded. Please reload the page.
        </p>
      </section>
    );
  }
  const { blockers, open } = rights.closure;
  return (
    <>
      <section aria-labelledby="your-data-heading" className="settings-section" id="your-data">
        <h2 id="your-data-heading">Your data</h2>
        <p>
          Download a copy of everything Vernissage holds about you: your profile, listings and their
          images, orders and returns, offers, messages, saved works, follows, alerts, reviews and
          listing reports, as a ZIP file. It is prepared in the background and kept for 7 days.
        </p>
        {/* "We are preparing your data" once: the progress below says it while it lasts. */}
        <ResultMessage
          result={result?.form === "export" && !(result.ok && preparing) ? result : undefined}
        />
        {rights.dataExport ? <ExportState dataExport={rights.dataExport} /> : null}
        {preparing ? null : (
          <Form method="post">
            <input type="hidden" name="intent" value="request-export" />
            <button type="submit" className="button" disabled={busy}>
              Download my data
            </button>
          </Form>
        )}
      </section>
      <section aria-labelledby="delete-account-heading" className="settings-section">
        <h2 id="delete-account-heading">Delete my account</h2>
        <p>
          Closing your account erases your profile, photo, addresses, saved works, follows and
          alerts, and withdraws your listings. Orders and payments are kept as bookkeeping law
          requires, and your messages stay with the people you wrote to, under the name “Deleted
          member” instead of yours. This cannot be undone.
        </p>
        <ResultMessage result={result?.form === "close" ? result : undefined} />
        {open ? (
          <div role="status">
            <p>Settle these first; then you can close your account:</p>
            <ul className="settings-blockers">
              {blockers.offers.map((offer) => (
                <li key={offer.id}>
                  <Link to={offer.link}>
                    An open offer {offer.role === "buyer" ? "you made" : "on your work"}
                  </Link>
                </li>
              ))}
              {blockers.orders.map((order) => (
                <li key={order.id}>
                  <Link to={order.link}>
                    {order.role === "buyer" ? "Your purchase" : "Your sale"} of “{order.title}”
                  </Link>{" "}
                  {order.returnWindowEndsAt
                    ? `(the buyer may return it until ${formatDateTime(order.returnWindowEndsAt, timeZone)})`
                    : "(not finished yet)"}
                </li>
              ))}
              {blockers.balanceCents !== 0 ? (
                <li>
                  <Link to="/profile/sales">
                    {blockers.balanceCents > 0
                      ? `${centsText(blockers.balanceCents)} still to be paid out to you`
                      : `${centsText(-blockers.balanceCents)} you owe from a refund`}
                  </Link>
                </li>
              ) : null}
            </ul>
          </div>
        ) : (
          <Form method="post" className="settings-form settings-form-even">
            <input type="hidden" name="intent" value="close-account" />
            <label className="field">
              <span>Your password</span>
              <input
                type="password"
                name="password"
                autoComplete="current-password"
                required
                maxLength={128}
              />
            </label>
            {twoStepOn ? (
              <label className="field">
                <span>Two-step code (from your app, or a backup code)</span>
                <input
                  type="text"
                  name="code"
                  autoComplete="one-time-code"
                  required
                  maxLength={64}
                />
              </label>
            ) : null}
            <label className="choice">
              <input type="checkbox" name="confirm" value="yes" required />
              <span>{CLOSE_CONFIRM_LABEL}</span>
            </label>
            <button type="submit" className="button button-danger" disabled={busy}>
              Delete my account
            </button>
          </Form>
        )}
      </section>
    </>
  );
}
