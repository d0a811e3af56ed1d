import { type ComponentType, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import type { ArtworkDetail } from "../../../contracts/artworks.contract";
import {
  LISTING_REPORT_REASONS,
  MAX_REPORT_EXPLANATION,
  REPORT_REASON_LABELS,
  listingReportMessages as lm,
} from "../../../domain/listing-reports";
import { MAX_EMAIL_LENGTH } from "../../../domain/text-input";
import { FormError, FormNotice } from "../../components/ui/form-message";
import { ModalDialog } from "../../components/ui/modal-dialog";
import { useSessionUser } from "../../lib/session-user";

/** What the report page's action answers (routes/artwork-report.tsx). */
export type ReportResult = { ok: true; message: string } | { ok: false; error: string };

/** The page that takes a report without JavaScript, and answers the dialog's form. */
export function reportPath(artworkId: string): string {
  return `/artwork/${artworkId}/report`;
}

type FormLike = ComponentType<{
  method: "post";
  action: string;
  className?: string;
  noValidate?: boolean;
  children: ReactNode;
}>;

/**
 * The report's fields (decision 0059): a reason from the list, an explanation, and a
 * guest's e-mail address, where the decision is sent. The server checks every rule and
 * its first refusal is shown, announced, under the fields; the words stay to be edited.
 */
export function ReportListingForm({
  artworkId,
  Form,
  result,
  busy,
  actions,
}: {
  artworkId: string;
  Form: FormLike;
  result: ReportResult | undefined;
  busy: boolean;
  /** The buttons beside Send (the dialog's Cancel). */
  actions?: ReactNode;
}) {
  const id = useId();
  const user = useSessionUser();
  if (result?.ok) return <FormNotice message={result.message} />;
  return (
    <Form method="post" action={reportPath(artworkId)} className="stack" noValidate>
      <div className="field">
        <label htmlFor={`${id}-reason`}>Why are you reporting this listing?</label>
        <select id={`${id}-reason`} name="reason" required defaultValue="">
          <option value="" disabled>
            Choose a reason
          </option>
          {LISTING_REPORT_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {REPORT_REASON_LABELS[reason]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-explanation`}>What is wrong with it?</label>
        <textarea
          id={`${id}-explanation`}
          name="explanation"
          rows={5}
          required
          maxLength={MAX_REPORT_EXPLANATION}
          aria-describedby={`${id}-explanation-hint`}
        />
        <small id={`${id}-explanation-hint`}>
          The facts the team should know: what the listing claims, and why it is wrong. At most{" "}
          {MAX_REPORT_EXPLANATION.toLocaleString("en-US")} characters.
        </small>
      </div>
      {user ? null : (
        <div className="field">
          <label htmlFor={`${id}-email`}>Your e-mail address</label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={MAX_EMAIL_LENGTH}
            aria-describedby={`${id}-email-hint`}
          />
          <small id={`${id}-email-hint`}>
            The team sends its decision here. The artist does not see it.
          </small>
        </div>
      )}
      <FormError message={result && !result.ok ? result.error : null} />
      <div className="dialog-actions">
        {actions}
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? "Sending…" : "Send report"}
        </button>
      </div>
    </Form>
  );
}

function ReportListingDialog({
  artwork,
  onClose,
}: {
  artwork: ArtworkDetail;
  onClose: () => void;
}) {
  const titleId = useId();
  const fetcher = useFetcher<ReportResult>();
  const busy = fetcher.state !== "idle";
  const result = fetcher.data;
  const done = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (result?.ok) done.current?.focus();
  }, [result]);
  return (
    <ModalDialog
      className="report-dialog"
      labelledBy={titleId}
      closeOnBackdrop={!busy}
      onClose={() => {
        if (!busy) onClose();
      }}
    >
      <h2 id={titleId}>{lm.reportListing}</h2>
      <p className="hint">
        “{artwork.title || "Untitled"}” by {artwork.artist.displayName}. The marketplace team reads
        every report; the artist is not told who reported.
      </p>
      <ReportListingForm
        artworkId={artwork.id}
        Form={fetcher.Form}
        result={result}
        busy={busy}
        actions={
          <button type="button" className="button" disabled={busy} onClick={onClose}>
            Cancel
          </button>
        }
      />
      {result?.ok ? (
        <div className="dialog-actions">
          <button ref={done} type="button" className="button" onClick={onClose}>
            Close
          </button>
        </div>
      ) : null}
    </ModalDialog>
  );
}

/**
 * "Report this listing" under a work's details: a link to the report page, which opens
 * the dialog instead once the scripts run. Not for the work's own artist, who sees
 * instead, on a work the team took down, the way to the decision and the appeal.
 */
export function ReportListing({ artwork, isOwner }: { artwork: ArtworkDetail; isOwner: boolean }) {
  const user = useSessionUser();
  const [open, setOpen] = useState(false);
  const hidden = typeof artwork.hiddenReason === "string";
  if (isOwner || artwork.artist.id === user?.id) {
    return hidden ? (
      <p className="artwork-report">
        <Link to="/profile/takedowns">Your taken-down listings and appeals</Link>
      </p>
    ) : null;
  }
  if (hidden) return null;
  return (
    <div className="artwork-report">
      <a
        href={reportPath(artwork.id)}
        aria-haspopup="dialog"
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        {lm.reportListing}
      </a>
      {open ? <ReportListingDialog artwork={artwork} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}
