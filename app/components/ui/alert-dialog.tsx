import type { ReactNode } from "react";
import { useId } from "react";
import { ModalDialog } from "./modal-dialog";

/** An accessible in-page alert (role="alertdialog") with one button that closes it. */
export function AlertDialog({
  title,
  children,
  onClose,
  closeLabel = "OK",
}: {
  title: string;
  children: ReactNode;
  onClose: () => void;
  closeLabel?: string;
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
        <button type="button" className="button button-primary" onClick={onClose}>
          {closeLabel}
        </button>
      </div>
    </ModalDialog>
  );
}
