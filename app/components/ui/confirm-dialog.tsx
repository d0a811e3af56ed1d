import type { ReactNode } from "react";
import { AlertDialog } from "./alert-dialog";

/**
 * An accessible confirmation (role="alertdialog") with Cancel and one button that does
 * the thing. While `busy`, both buttons wait and Escape does not close it, so the answer
 * of the running request is the one shown.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  busyLabel = confirmLabel,
  tone,
  busy = false,
  onCancel,
  onConfirm,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busyLabel?: string;
  tone: "primary" | "danger";
  busy?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <AlertDialog
      title={title}
      onClose={() => {
        if (!busy) onCancel();
      }}
      actions={
        <>
          <button type="button" className="button" disabled={busy} onClick={onCancel}>
            Cancel
          </button>
          <button
            type="button"
            className={`button button-${tone}`}
            disabled={busy}
            onClick={onConfirm}
          >
            {busy ? busyLabel : confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </AlertDialog>
  );
}
