import type { ReactNode } from "react";
import { useId } from "react";
import { ModalDialog } from "./modal-dialog";

/**
 * An accessible in-page alert (role="alertdialog") with one button that closes it, or
 * with the caller's own `actions` instead (a confirmation's Cancel and Delete).
 * Escape calls `onClose`.
 */
export function AlertDialog({
  title,
  children,
  onClose,
  closeLabel = "OK",
  actions,
}: {
  title: string;
  children: ReactNode;
  onClose: () => void;
  closeLabel?: string;
  actions?: ReactNode;
}) {
  const titleId = useId();
  const bodyId = useId();
  return (
    <ModalDialog
      role="alertdialog"
      labelledBy={titleId}
      describedBy={bodyId}
      closeOnBackdrop={false}
      onClose={onClose}
    >
      <h2 id={titleId}>{title}</h2>
      <p id={bodyId}>{children}</p>
      <div className="dialog-actions">
        {actions ?? (
          <button type="button" className="button button-primary" onClick={onClose}>
            {closeLabel}
          </button>
        )}
      </div>
    </ModalDialog>
  );
}
