import { useId } from "react";
import { useFetcher } from "react-router";
import { MAX_REVIEW_LENGTH } from "../../../domain/reviews";
import { FormError } from "../../components/ui/form-message";
import type { ReviewFormResult } from "./review-result";

const RATINGS = [1, 2, 3, 4, 5] as const;

/**
 * The buyer's review form (new or edit): 1–5 stars as radio buttons in a fieldset, and
 * the text. A refusal is announced and keeps what was typed.
 */
export function ReviewForm({
  action,
  intent,
  submitLabel,
  initial,
  fetcherKey,
}: {
  action: string;
  intent: string;
  submitLabel: string;
  initial?: { rating: number; body: string };
  fetcherKey: string;
}) {
  const fetcher = useFetcher<ReviewFormResult>({ key: fetcherKey });
  const id = useId();
  const refused = fetcher.data && !fetcher.data.ok ? fetcher.data : null;
  const rating = refused?.values.rating ?? (initial ? String(initial.rating) : "");
  const body = refused?.values.body ?? initial?.body ?? "";
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action={action} className="review-form">
      <input type="hidden" name="intent" value={intent} />
      <fieldset className="field">
        <legend>Your rating</legend>
        <div className="rating-choices">
          {RATINGS.map((value) => (
            <label key={value}>
              <input
                type="radio"
                name="rating"
                value={value}
                required
                defaultChecked={rating === String(value)}
              />
              {value === 1 ? "1 star" : `${value} stars`}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-body`}>Your review</label>
        <textarea
          id={`${id}-body`}
          name="body"
          rows={5}
          required
          maxLength={MAX_REVIEW_LENGTH}
          defaultValue={body}
          aria-describedby={`${id}-hint`}
        />
        <small id={`${id}-hint`}>
          What was the work like, and the artist to buy from? Up to{" "}
          {MAX_REVIEW_LENGTH.toLocaleString("en-US")} characters.
        </small>
      </div>
      <FormError message={refused?.error} />
      <p>
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? "Sending…" : submitLabel}
        </button>
      </p>
    </fetcher.Form>
  );
}
