import { titleText } from "../../../domain/display";
import { DEFAULT_REASON, button, message } from "../../mail/mail-content";

/**
 * The team's warning to a person whose conversation was reported. It says what happened
 * and what is expected, in plain words, without naming who reported it or quoting the
 * report: the other person may be someone they still deal with.
 */
export function warningMail(
  to: { name: string; artworkTitle: string | null },
  { publicUrl, teamEmail }: { publicUrl: string; teamEmail: string },
) {
  const about = to.artworkTitle ? ` about "${titleText(to.artworkTitle)}"` : "";
  return {
    subject: "A warning about one of your conversations on Vernissage",
    content: {
      ...message(to.name, null, [
        `A conversation of yours${about} was reported to the marketplace team, and we have read it.`,
        "Some of what was written there goes against the way people are asked to treat each other on Vernissage: politely, honestly, and with purchases and payments kept on the marketplace.",
        "",
        "Your account stays open. Please keep to these rules from now on: if this happens again, we may suspend your account.",
        "",
        button("Your messages", `${publicUrl}/profile/messages`),
        `If you think this is a mistake, write to the marketplace team at ${teamEmail}.`,
      ]),
      reason: DEFAULT_REASON,
    },
  };
}
