import { useEffect, useRef, useState } from "react";
import type { PlatformSettings } from "../../../contracts/admin-orders.contract";
import { bpsToPercent, parsePercent } from "../../../domain/money-input";
import { ActionForm } from "./action-form";
import { ReturnWindowSettings } from "./return-window-settings";

/** The console's settings: the commission on new sales, typed as a percent with two decimals. */
export function SettingsForm({ settings }: { settings: PlatformSettings }) {
  const [typed, setTyped] = useState(() => bpsToPercent(settings.commissionBps));
  const inputRef = useRef<HTMLInputElement>(null);
  const parsed = parsePercent(typed);
  const error = parsed.ok ? "" : parsed.error;
  useEffect(() => inputRef.current?.setCustomValidity(error), [error]);
  const percent = parsed.ok ? bpsToPercent(parsed.value) : typed;
  return (
    <section className="stack">
      <h1>Settings</h1>
      <div className="admin-card stack settings-card">
        <h2>Commission</h2>
        <p>
          The marketplace keeps this share of each work&apos;s price; the artist is paid the rest.
          Sales tax is never commissioned.
        </p>
        <p className="hint">
          A change applies to new sales only: every order keeps the commission it was sold with.{" "}
          {settings.commissionSetByTeam
            ? `The server's configured default is ${bpsToPercent(settings.defaultCommissionBps)}%.`
            : `This is the server's configured default; saving a rate here replaces it.`}
        </p>
        <ActionForm
          intent="commission"
          label="Save"
          busyLabel="Saving…"
          confirm={{
            title: `Charge ${percent}% on new sales?`,
            body: `From now on, every sale pays the marketplace ${percent}% of the work's price. Orders already placed keep the commission they were sold with.`,
            confirmLabel: "Save",
          }}
        >
          <div className="field">
            <label htmlFor="settings-commission">Commission on new sales (%)</label>
            <input
              ref={inputRef}
              id="settings-commission"
              name="commission"
              inputMode="decimal"
              autoComplete="off"
              className="settings-percent"
              value={typed}
              aria-describedby="settings-commission-hint"
              aria-invalid={error ? true : undefined}
              onChange={(event) => setTyped(event.target.value)}
            />
            <p id="settings-commission-hint" className={error ? "field-error" : "hint"}>
              {error || "From 0.00 to 100.00, e.g. 20.00."}
            </p>
          </div>
        </ActionForm>
      </div>
      <ReturnWindowSettings days={settings.returnWindowDays} />
    </section>
  );
}
