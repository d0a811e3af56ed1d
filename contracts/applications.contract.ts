import { z } from "zod";
import { authMessages } from "../domain/auth-messages";
import { inputMessages } from "../domain/text-input";
import {
  artistLinkFields,
  artistLinkProblem,
  lacksArtistLink,
  normalizedArtistLinks,
} from "./auth.contract";
import { APPLICATION_STATE_VALUES } from "./admin-applications.contract";
import { MAX_APPLICATION_NOTE } from "./applications.values";

export { MAX_APPLICATION_NOTE };

/**
 * The applicant's own side of an artist application (docs/api.md "Console and
 * operations"): apply from the profile, or answer the team's request for information.
 */

export const artistApplicationMessages = {
  signInRequired: "Please sign in to apply as an artist.",
  alreadyArtist: "You are already an artist.",
  alreadyWaiting: "Your application is already waiting for review.",
  noteTooLong: "Your note is too long (at most 2,000 characters).",
  answerRequired: "Please write your answer to the team's question.",
  answerTooLong: "Your answer is too long (at most 2,000 characters).",
  sent: "Thank you! Your application is waiting for review. We will email you once the team has decided.",
  answered:
    "Thank you! Your answer was sent to the team; your application is waiting for review again.",
  failed: "Your application could not be sent. Please try again.",
} as const;

/**
 * `POST /api/me/artist-application`: the same handle-or-website rule, message and
 * normalisation as the sign-up form (contracts/auth.contract.ts), and a short note.
 * `answer` is the reply to the team's request for information: required (not blank)
 * when the application is `info_requested`, kept apart from the note; ignored otherwise.
 */
export const artistApplicationBodySchema = z
  .object({
    ...artistLinkFields,
    note: z
      .string()
      .max(MAX_APPLICATION_NOTE, { error: artistApplicationMessages.noteTooLong })
      .default(""),
    answer: z
      .string({ error: artistApplicationMessages.answerRequired })
      .max(MAX_APPLICATION_NOTE, { error: artistApplicationMessages.answerTooLong })
      .refine((s) => !s.includes("\u0000"), { error: inputMessages.nulCharacter })
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (lacksArtistLink(v)) {
      ctx.addIssue({
        code: "custom",
        path: ["instagramHandle"],
        message: authMessages.artistNeedsLink,
      });
      return;
    }
    const problem = artistLinkProblem(v);
    if (problem) ctx.addIssue({ code: "custom", path: [problem.path], message: problem.message });
  })
  .transform((v) => ({
    ...normalizedArtistLinks(v),
    note: v.note.trim(),
    answer: v.answer?.trim() || null,
  }));
export type ArtistApplicationBody = z.output<typeof artistApplicationBodySchema>;

/** The person's own latest application, as the profile shows it. */
export const ownApplicationSchema = z.object({
  id: z.string(),
  state: z.enum(APPLICATION_STATE_VALUES),
  instagramHandle: z.string().nullable(),
  websiteURL: z.string().nullable(),
  note: z.string(),
  /** The decline reason or the team's question. */
  teamMessage: z.string().nullable(),
  /** The applicant's answer to the team's question (the note is kept as it was). */
  answer: z.string().nullable(),
  appliedAt: z.string(),
  updatedAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type OwnApplication = z.infer<typeof ownApplicationSchema>;

/** `GET` and `POST /api/me/artist-application`: the latest application, or null. */
export const ownApplicationAnswerSchema = z.object({
  isArtist: z.boolean(),
  application: ownApplicationSchema.nullable(),
});
export type OwnApplicationAnswer = z.infer<typeof ownApplicationAnswerSchema>;
