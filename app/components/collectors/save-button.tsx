import { type FormEvent, useState } from "react";
import { useLocation } from "react-router";
import { useSessionUser } from "../../lib/session-user";
import { collectorFailure, failureText, putSaved } from "./collectors-api";
import { collectorTexts as m } from "./collectors.messages";
import { useSavedWork } from "./saved-works";

/** Where a collector's form or sign-in comes back to: this page, as it is. */
export function useHerePath(): string {
  const { pathname, search } = useLocation();
  return `${pathname}${search}`;
}

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M12 20.5s-7.5-4.6-9.3-9.2C1.4 8 3.4 4.5 6.9 4.5c2.1 0 3.8 1.2 5.1 3 1.3-1.8 3-3 5.1-3 3.5 0 5.5 3.5 4.2 6.8-1.8 4.6-9.3 9.2-9.3 9.2z"
        fill={filled ? "currentColor" : "none"}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The heart of a work, on cards and the artwork page. A visitor is sent to
 * sign in and comes back with the work saved. Signed in, it is a form that works without
 * JavaScript (`/collect` saves and comes back); with JavaScript the heart fills at once,
 * and goes back with an alert if the server refuses. Not shown on the artist's own works.
 */
export function SaveButton({
  artworkId,
  artistId,
  title,
  variant,
}: {
  artworkId: string;
  artistId: string;
  title: string;
  variant: "card" | "page";
}) {
  const user = useSessionUser();
  const state = useSavedWork(artworkId);
  const here = useHerePath();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!state || user?.id === artistId) return null;
  const { saved, setSaved } = state;
  const className = `save-button save-button-${variant}`;
  // The page's heart has words; its name keeps them first (the title is for screen readers).
  const words = (label: string) =>
    variant === "page" ? (
      <span>
        {label}
        <span className="visually-hidden"> {title}</span>
      </span>
    ) : null;
  const named = (label: string) => (variant === "card" ? label : undefined);

  if (!user) {
    // A visitor's heart is a button too (a GET form to the sign-in, which saves the work on
    // the way back): placed and pressed as the signed-in one is, and never a second link
    // named after the work beside the card's own.
    return (
      <form method="get" action="/signin" className={`save-form save-form-${variant}`}>
        <input type="hidden" name="next" value={here} />
        <input type="hidden" name="save" value={artworkId} />
        <button
          type="submit"
          className={className}
          aria-label={named(m.signInToSave(title))}
          title={m.signInToSave(title)}
        >
          <HeartIcon filled={false} />
          {words(m.save)}
        </button>
      </form>
    );
  }

  async function toggle(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // One change at a time, so the heart never shows the answer to an older request.
    if (busy) return;
    const next = !saved;
    setError(null);
    setSaved(next);
    setBusy(true);
    try {
      await putSaved(artworkId, next);
    } catch (failure) {
      setSaved(!next);
      setError(collectorFailure(failure, failureText.save(next)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      method="post"
      action="/collect"
      className={`save-form save-form-${variant}`}
      onSubmit={(event) => void toggle(event)}
    >
      <input type="hidden" name="intent" value={saved ? "unsave" : "save"} />
      <input type="hidden" name="id" value={artworkId} />
      <input type="hidden" name="next" value={here} />
      <button
        type="submit"
        className={className}
        // The card's heart has one name and a pressed state; the page's says its state in
        // words ("Saved"), and a toggle's name must not change, so it has no pressed state.
        aria-pressed={variant === "card" ? saved : undefined}
        aria-label={named(m.saveLabel(title))}
        title={saved ? m.saved : m.saveLabel(title)}
      >
        <HeartIcon filled={saved} />
        {words(saved ? m.saved : m.save)}
      </button>
      {error ? (
        <p className="save-error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
