import { type ReactNode, useEffect, useRef } from "react";
import { useFocusTrap } from "./use-focus-trap";

/**
 * The one modal dialog of the app: focus moves in and stays in, Escape closes,
 * the page behind does not scroll, and focus returns to whatever had it before
 * (the button that opened it) when the dialog goes away. A click on the backdrop
 * closes it when `closeOnBackdrop`: only a press that starts and ends there, so
 * selecting text inside and releasing outside does not.
 */
export function ModalDialog({
  role = "dialog",
  labelledBy,
  describedBy,
  className = "",
  backdropClassName = "",
  closeOnBackdrop = true,
  onClose,
  children,
}: {
  role?: "dialog" | "alertdialog";
  /** The id of the dialog's heading, which the caller renders inside. */
  labelledBy: string;
  describedBy?: string;
  className?: string;
  backdropClassName?: string;
  closeOnBackdrop?: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const pressedOnBackdrop = useRef(false);

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const { overflow } = document.body.style;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = overflow;
      opener?.focus?.();
    };
  }, []);
  useFocusTrap(ref, true, onClose);

  return (
    <div
      className={`dialog-backdrop ${backdropClassName}`.trim()}
      onMouseDown={(event) => {
        pressedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        if (closeOnBackdrop && pressedOnBackdrop.current && event.target === event.currentTarget)
          onClose();
      }}
    >
      <div
        ref={ref}
        className={`dialog ${className}`.trim()}
        role={role}
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
      >
        {children}
      </div>
    </div>
  );
}
