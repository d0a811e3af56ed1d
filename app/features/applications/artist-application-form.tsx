import { Form, useNavigation } from "react-router";
import type { OwnApplicationAnswer } from "../../../contracts/applications.contract";
import { MAX_APPLICATION_NOTE } from "../../../contracts/applications.values";
import { MAX_WEBSITE_LENGTH } from "../../../domain/profile";
import { FormError, FormNotice } from "../../components/ui/form-message";
import { formatDate } from "../../../domain/date-time";
import { useTimeZone } from "../../lib/time-zone";
import { ApplicationPictures } from "./application-pictures";

/** The `intent` of the profile page's application form (beside the profile edit). */
export const ARTIST_APPLICATION_INTENT = "artist-application";

export type ApplicationFormValues = {
  instagramHandle: string;
  websiteURL: string;
  note: string;
  /** The answer to the team's request for information (only when one is open). */
  answer: string;
};

/** What the profile page's action answers for this form. */
export type ArtistApplicationResult = {
  form: typeof ARTIST_APPLICATION_INTENT;
  ok: boolean;
  message: string;
  values: ApplicationFormValues;
};

export const applicationSectionText = {
  heading: "Selling your art",
  invite:
    "Are you an artist? Apply to sell your work on Vernissage. The team reviews every application.",
  apply: "Apply as an artist",
  applyAgain: "Apply again",
  waiting: "Your application is waiting for review.",
  infoRequested: "The team would like to know more before deciding:",
  declined: "Your last application was declined. The team's reason:",
  send: "Send application",
  answer: "Send my answer",
  answerLabel: "Your answer",
  answerHint: "Your answer goes to the team; your original note stays as it was.",
  yourNote: "Your note with the application:",
} as const;

/**
 * The own profile's "Apply as an artist" section for a person who is not an artist:
 * the application's state, the team's message, and the form (a plain form post, so it
 * works without JavaScript).
 */
export function ArtistApplicationSection({
  own,
  profileLinks,
  result,
}: {
  own: OwnApplicationAnswer;
  /** The profile's own handle and website, to start the form with. */
  profileLinks: { instagramHandle: string; websiteURL: string };
  result?: ArtistApplicationResult;
}) {
  const timeZone = useTimeZone();
  const t = applicationSectionText;
  const application = own.application;
  if (own.isArtist) return null;
  const state = application?.state ?? null;
  return (
    <section className="artist-application" aria-labelledby="artist-application-heading">
      <h2 id="artist-application-heading">{t.heading}</h2>
      {result?.ok ? <FormNotice message={result.message} /> : null}
      {state === "waiting" ? (
        <p>
          {/* Just sent: the notice above already says it is waiting for review. */}
          {result?.ok ? null : `${t.waiting} `}
          {application ? (
            <span className="hint">Applied {formatDate(application.appliedAt, timeZone)}.</span>
          ) : null}
        </p>
      ) : state === "info_requested" && application ? (
        <>
          <p>{t.infoRequested}</p>
          <blockquote className="artist-application-message">{application.teamMessage}</blockquote>
          {application.note.trim() ? (
            <>
              <p className="hint">{t.yourNote}</p>
              <blockquote className="artist-application-message artist-application-note">
                {application.note}
              </blockquote>
            </>
          ) : null}
          <ApplicationForm
            submitLabel={t.answer}
            answering
            values={
              result && !result.ok
                ? result.values
                : {
                    instagramHandle: application.instagramHandle ?? "",
                    websiteURL: application.websiteURL ?? "",
                    note: application.note,
                    answer: "",
                  }
            }
            error={result && !result.ok ? result.message : null}
          />
        </>
      ) : (
        <>
          {state === "declined" && application ? (
            <>
              <p>{t.declined}</p>
              <blockquote className="artist-application-message">
                {application.teamMessage}
              </blockquote>
            </>
          ) : (
            <p className="hint">{t.invite}</p>
          )}
          <details className="artist-application-reveal" open={Boolean(result && !result.ok)}>
            <summary className="button">{state === "declined" ? t.applyAgain : t.apply}</summary>
            <ApplicationForm
              submitLabel={t.send}
              values={
                result && !result.ok ? result.values : { ...profileLinks, note: "", answer: "" }
              }
              error={result && !result.ok ? result.message : null}
            />
          </details>
        </>
      )}
      <ApplicationPictures />
    </section>
  );
}

function ApplicationForm({
  submitLabel,
  answering = false,
  values,
  error,
}: {
  submitLabel: string;
  /** Answering the team's question: an answer field instead of the note. */
  answering?: boolean;
  values: ApplicationFormValues;
  error: string | null;
}) {
  const t = applicationSectionText;
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === ARTIST_APPLICATION_INTENT;
  return (
    <Form method="post" className="artist-application-form stack">
      <input type="hidden" name="intent" value={ARTIST_APPLICATION_INTENT} />
      <p className="hint">Give your Instagram handle, your website, or both.</p>
      <div className="field-row">
        <label className="field">
          <span>Instagram handle</span>
          <input
            name="instagramHandle"
            defaultValue={values.instagramHandle}
            placeholder="@yourname"
            autoComplete="off"
            maxLength={64}
          />
        </label>
        <label className="field">
          <span>Website URL</span>
          {/* Text, not type=url: a bare domain (example.com) is fine, as at sign-up. */}
          <input
            name="websiteURL"
            type="text"
            inputMode="url"
            defaultValue={values.websiteURL}
            placeholder="example.com"
            autoComplete="url"
            maxLength={MAX_WEBSITE_LENGTH}
            aria-describedby="artist-application-website-hint"
          />
          <small id="artist-application-website-hint">
            For example example.com or https://example.com/portfolio.
          </small>
        </label>
      </div>
      {answering ? (
        <label className="field">
          <span>{t.answerLabel}</span>
          <textarea
            name="answer"
            rows={4}
            defaultValue={values.answer}
            maxLength={MAX_APPLICATION_NOTE}
            required
          />
          <small>{t.answerHint}</small>
        </label>
      ) : (
        <label className="field">
          <span>A short note for the team</span>
          <textarea
            name="note"
            rows={4}
            defaultValue={values.note}
            maxLength={MAX_APPLICATION_NOTE}
          />
          <small>What you make, and where people can see it (optional).</small>
        </label>
      )}
      <FormError message={error} />
      <div>
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? "Sending…" : submitLabel}
        </button>
      </div>
    </Form>
  );
}
