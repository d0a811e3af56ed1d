import { formatDateTime } from "../../../domain/date-time";
import { button, message } from "../../mail/mail-content";

/** The person's data is ready: the link opens the settings page, where the owner downloads it. */
export function exportReadyMail({
  to,
  name,
  link,
  expiresAt,
  timeZone,
}: {
  to: string;
  name: string;
  link: string;
  expiresAt: Date;
  /** The person's own, as every other mail writes times. */
  timeZone: string;
}) {
  return {
    kind: "data-export-ready",
    to,
    subject: "Your Vernissage data is ready to download",
    content: message(name, null, [
      "The copy of your data you asked for is ready: a ZIP file with your profile, listings and their images, orders, offers, messages, saved works, follows and alerts.",
      `Download it from your settings, signed in, until ${formatDateTime(expiresAt, timeZone)}. After that it is deleted.`,
      "",
      button("Go to your settings", link),
      "",
      "If you did not ask for it, change your password: someone may be signed in as you.",
    ]),
  };
}

/** To the address the account had, once it is closed. */
export function accountClosedMail({ to, name }: { to: string; name: string }) {
  return {
    kind: "account-closed",
    to,
    subject: "Your Vernissage account is closed",
    content: message(name, null, [
      "Your Vernissage account is closed, and your personal data has been erased.",
      "Orders and payments are kept as bookkeeping law requires, under a pseudonym instead of your name.",
      "",
      "If this was not you, reply to this e-mail at once.",
    ]),
  };
}
