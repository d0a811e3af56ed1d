import { useState } from "react";
import { MAX_RETURN_WINDOW_DAYS } from "../../../domain/returns";
import { ActionForm } from "./action-form";

/** The console's return window (decision 0055): days after delivery, 0 turns returns off. */
export function ReturnWindowSettings({ days }: { days: number }) {
  const [typed, setTyped] = useState(String(days));
  const what =
    typed.trim() === "0"
      ? "Turn returns off for new sales?"
      : `Accept returns within ${typed} days?`;
  return (
    <div className="admin-card stack settings-card">
      <h2>Returns</h2>
      <p>
        Buyers may return a work within this many days of its delivery and are refunded its price
        and tax once it is back with the artist. An artist may sell a work as final sale, without
        returns. 0 turns returns off.
      </p>
      <p className="hint">
        A change applies to new sales only: every order keeps the return window it was sold with.
      </p>
      <ActionForm
        intent="returns"
        label="Save return window"
        busyLabel="Saving…"
        confirm={{
          title: what,
          body: "Orders already placed keep the return window they were sold with.",
          confirmLabel: "Save",
        }}
      >
        <div className="field">
          <label htmlFor="settings-return-window">Return window (days after delivery)</label>
          <input
            id="settings-return-window"
            name="returnWindowDays"
            inputMode="numeric"
            autoComplete="off"
            className="settings-percent"
            value={typed}
            aria-describedby="settings-return-window-hint"
            onChange={(event) => setTyped(event.target.value)}
          />
          <p id="settings-return-window-hint" className="hint">
            {`From 0 to ${MAX_RETURN_WINDOW_DAYS}; the default is 14.`}
          </p>
        </div>
      </ActionForm>
    </div>
  );
}
