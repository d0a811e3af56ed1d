import { type ReactNode, useEffect, useId, useRef } from "react";
import { useFocusTrap } from "../../features/layout/use-focus-trap";

/**
 * An accessible in-page alert (role="alertdialog"): focus moves to its button,
 * stays inside while open, and returns to where it was when it closes.
 */
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
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const bodyId = useId();
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    return () => previous?.focus?.();
  }, []);
  useFocusTrap(ref, true, onClose);
  return (
    <div className="dialog-backdrop">
      <div
        ref={ref}
        className="dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
      >
        <h2 id={titleId}>{title}</h2>
        <p id={bodyId}>{children}</p>
        <div className="dialog-actions">
          <button type="button" className="button button-primary" onClick={onClose}>
            {closeLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
