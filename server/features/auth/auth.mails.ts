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
