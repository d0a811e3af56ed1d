import { useId } from "react";
import { useFetcher } from "react-router";
import { FormError, FormNotice } from "../../components/ui/form-message";
import type { ReviewFormResult } from "./review-result";

/** A one-field form about a review (the artist's reply, a report), posted to /reviews/:id. */
export function ReviewTextForm({
  reviewId,
  intent,
  name,
  label,
  submitLabel,
  maxLength,
}: {
  reviewId: string;
  intent: string;
  name: "reply" | "reason";
  label: string;
  submitLabel: string;
  maxLength: number;
}) {
  const fetcher = useFetcher<ReviewFormResult>({ key: `${intent}-${reviewId}` });
  const id = useId();
  const result = fetcher.data;
  if (result?.ok) return <FormNotice message={result.message} />;
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action={`/reviews/${reviewId}`} className="review-form">
      <input type="hidden" name="intent" value={intent} />
      <div className="field">
        <label htmlFor={`${id}-text`}>{label}</label>
        <textarea
          id={`${id}-text`}
          name={name}
          rows={3}
          required
          maxLength={maxLength}
          defaultValue={result?.values[name] ?? ""}
        />
      </div>
      <FormError message={result?.error} />
      <p>
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? "Sending…" : submitLabel}
        </button>
      </p>
    </fetcher.Form>
  );
}
