import { type ComponentType, type ReactNode, useEffect, useId, useState } from "react";
import { ModalDialog } from "./modal-dialog";

/** What the stand-in says while the panel's code arrives, and if it never does. */
export const lazyPanelTexts = {
  loading: "Loading...",
  failed: "This could not be opened. Check your connection and try again.",
  tryAgain: "Try again",
  close: "Close",
} as const;

type PanelProps = { onClose: () => void };

/** A panel component with `preload()`, which starts fetching its code. */
export type LazyPanel<P extends PanelProps> = ComponentType<P> & {
  preload: () => Promise<unknown>;
};

/**
 * A dialog whose code is downloaded when it is first opened (decision 0034):
 * nobody pays for the buy panel before pressing Buy Now. `preload()` starts the download
 * early, when the pointer or the focus reaches the button that opens it, so a press
 * usually finds it ready.
 *
 * Until the code is there, a stand-in of the same kind takes the dialog's place: a modal
 * with the panel's own title and 'Loading...', so the page behind is covered and the
 * focus stays with the button that opened it (Escape and the backdrop close it). If the
 * download fails, the stand-in says so and offers to try again.
 */
export function lazyPanel<P extends PanelProps>(
  load: () => Promise<ComponentType<P>>,
  /** The stand-in's heading: the panel's own, so a screen reader hears the same name. */
  title: string | ((props: P) => string),
): LazyPanel<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const preload = () => {
    // A failed download is forgotten, so the next try asks again.
    pending ??= load().then(
      (panel) => (loaded = panel),
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  };

  function Panel(props: P) {
    const [panel, setPanel] = useState<{ Loaded: ComponentType<P> } | null>(() =>
      loaded ? { Loaded: loaded } : null,
    );
    const [failed, setFailed] = useState(false);
    const [tries, setTries] = useState(0);

    useEffect(() => {
      if (panel) return;
      let current = true;
      preload().then(
        (Loaded) => {
          if (current) setPanel({ Loaded });
        },
        (error: unknown) => {
          console.warn("A panel's code could not be loaded", error);
          if (current) setFailed(true);
        },
      );
      return () => {
        current = false;
      };
    }, [panel, tries]);

    if (panel) return <panel.Loaded {...props} />;
    const heading = typeof title === "string" ? title : title(props);
    return (
      <PanelStandIn title={heading} onClose={props.onClose}>
        {failed ? (
          <>
            <p role="alert">{lazyPanelTexts.failed}</p>
            <div className="dialog-actions">
              <button type="button" className="button" onClick={props.onClose}>
                {lazyPanelTexts.close}
              </button>
              <button
                type="button"
                className="button button-primary"
                onClick={() => {
                  setFailed(false);
                  setTries((n) => n + 1);
                }}
              >
                {lazyPanelTexts.tryAgain}
              </button>
            </div>
          </>
        ) : (
          <p className="status-text" role="status">
            {lazyPanelTexts.loading}
          </p>
        )}
      </PanelStandIn>
    );
  }
  return Object.assign(Panel, { preload });
}

function PanelStandIn({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <ModalDialog labelledBy={titleId} onClose={onClose} className="lazy-panel-standin">
      <h2 id={titleId}>{title}</h2>
      {children}
    </ModalDialog>
  );
}
