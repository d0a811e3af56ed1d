import { button, link, message as content } from "../../mail/mail-content";
import type { NewMail } from "../mail/mail.api";

/**
 * The applicant's e-mails about their artist application, with whole links,
 * queued in the outbox in the same transaction as the answer.
 */

type Applicant = { email: string; firstName: string };

export function approvedMail(applicant: Applicant, publicUrl: string): NewMail {
  return {
    kind: "artist-application-approved",
    to: applicant.email,
    subject: "Your artist application was approved",
    content: content(applicant.firstName, null, [
      "Welcome to Vernissage as an artist: the team approved your application.",
      "",
      "What comes next:",
      button("1. Set up payouts on your profile", `${publicUrl}/profile`, "Set up payouts"),
      "   Your works appear in the marketplace once your payouts are active.",
      link("2. List your first work", `${publicUrl}/upload`),
    ]),
  };
}

export function declinedMail(applicant: Applicant, reason: string, publicUrl: string): NewMail {
  return {
    kind: "artist-application-declined",
    to: applicant.email,
    subject: "About your artist application",
    content: content(applicant.firstName, null, [
      "Thank you for applying as an artist. The team could not approve your application this time.",
      "",
      "The team's reason:",
      reason,
      "",
      "You remain a collector on Vernissage, and you may apply again from your profile at any time:",
      button("Your profile", `${publicUrl}/profile`),
    ]),
  };
}

export function infoRequestedMail(
  applicant: Applicant,
  message: string,
  publicUrl: string,
): NewMail {
  return {
    kind: "artist-application-info-requested",
    to: applicant.email,
    subject: "More information needed for your artist application",
    content: content(applicant.firstName, null, [
      "Thank you for applying as an artist. Before the team can decide, they would like to know more:",
      "",
      message,
      "",
      "Please reply by updating your application on your profile:",
      button("Your profile", `${publicUrl}/profile`),
    ]),
  };
}
