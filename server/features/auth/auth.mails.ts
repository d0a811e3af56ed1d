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
