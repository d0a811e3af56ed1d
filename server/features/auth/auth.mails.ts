import { button, message } from "../../mail/mail-content";

export function passwordResetMail({ to, name, link }: { to: string; name: string; link: string }) {
  return {
    kind: "password-reset",
    to,
    subject: "Reset your Vernissage password",
    content: message(name, null, [
      "Someone asked to reset the password of your Vernissage account.",
      "Open this link within one hour to choose a new password:",
      "",
      button("Choose a new password", link),
      "",
      "If this was not you, you can ignore this e-mail; your password stays as it is.",
    ]),
  };
}

/** To the account's address after its password changed: the one way to learn it was not you. */
export function passwordChangedMail({
  to,
  name,
  link,
}: {
  to: string;
  name: string;
  link: string;
}) {
  return {
    kind: "password-changed",
    to,
    subject: "Your Vernissage password was changed",
    content: message(name, null, [
      "The password of your Vernissage account was just changed, and every other device was signed out.",
      "",
      "If this was not you, choose a new password now with “Forgot password?” on the sign-in page:",
      "",
      button("Go to sign in", link),
    ]),
  };
}

/** To the account's address once two-step verification is on (decision 0057). */
export function twoStepOnMail({ to, name, link }: { to: string; name: string; link: string }) {
  return {
    kind: "two-step-on",
    to,
    subject: "Two-step verification is on for your Vernissage account",
    content: message(name, null, [
      "Two-step verification was just turned on for your Vernissage account: signing in now asks for a code from your authenticator app after your password.",
      "",
      "If this was not you, choose a new password now with “Forgot password?” on the sign-in page, and check your settings:",
      "",
      button("Go to your settings", link),
    ]),
  };
}

/** To the account's address once two-step verification is off: the way to learn it was not you. */
export function twoStepOffMail({ to, name, link }: { to: string; name: string; link: string }) {
  return {
    kind: "two-step-off",
    to,
    subject: "Two-step verification is off for your Vernissage account",
    content: message(name, null, [
      "Two-step verification was just turned off for your Vernissage account: signing in now asks only for your password.",
      "",
      "If this was not you, choose a new password now with “Forgot password?” on the sign-in page, and turn two-step verification on again:",
      "",
      button("Go to your settings", link),
    ]),
  };
}

/** To the new address (decision 0057): the link that finishes an e-mail change. */
export function emailChangeLinkMail({
  to,
  name,
  link,
}: {
  to: string;
  name: string;
  link: string;
}) {
  return {
    kind: "email-change-link",
    to,
    subject: "Confirm your new Vernissage e-mail address",
    content: message(name, null, [
      "Someone asked to use this address for their Vernissage account.",
      "Open this link within 24 hours to finish the change:",
      "",
      button("Use this address", link),
      "",
      "If this was not you, you can ignore this e-mail; nothing changes.",
    ]),
  };
}

/** To the old address after the change: the one way to learn it was not you. */
export function emailChangedMail({
  to,
  name,
  newEmail,
  teamEmail,
  contactLink,
}: {
  to: string;
  name: string;
  newEmail: string;
  /** Where to tell the team: its address, and the site's Contact page (a full URL). */
  teamEmail: string;
  contactLink: string;
}) {
  return {
    kind: "email-changed",
    to,
    subject: "Your Vernissage e-mail address was changed",
    content: message(name, null, [
      `The e-mail address of your Vernissage account was just changed to ${newEmail}, and you were signed out on every other device.`,
      "",
      `If this was not you, tell the marketplace team at once: write to ${teamEmail}, or use the Contact page.`,
      "",
      button("Contact the marketplace team", contactLink),
    ]),
  };
}
