/**
 * The rules of conversations between buyers and artists that both the server and the
 * pages apply: the limits, the texts people read, and the on-platform check (decision
 * 0053). Until a sale is made between two people, a message that shares a way to reach
 * or pay someone elsewhere is held back, as Artsy's and Etsy's on-platform policies do:
 * a buyer who pays off the platform loses every protection the platform gives.
 */

export const MAX_MESSAGE_LENGTH = 5000;
export const MAX_MESSAGE_IMAGES = 6;
export const MAX_NEW_CONVERSATIONS_PER_DAY = 10;
export const MAX_MESSAGES_PER_HOUR = 60;
export const MAX_REPORT_REASON_LENGTH = 1000;
/** The artwork page's reply time shows once an artist has answered this many conversations. */
export const REPLY_TIME_MIN_ANSWERED = 3;

export const messageTexts = {
  signIn: "Please sign in to send and read messages.",
  empty: "Write a message before sending.",
  tooLong: `A message can be at most ${MAX_MESSAGE_LENGTH.toLocaleString("en-US")} characters.`,
  tooManyImages: `A message can carry at most ${MAX_MESSAGE_IMAGES} pictures.`,
  unknownImage: "A picture of this message was not found. Add it again.",
  notFound: "Conversation not found.",
  workNotFound: "Artwork not found.",
  artistNotFound: "Artist not found.",
  ownWork: "This is your own work: buyers ask you about it from its page.",
  ownProfile: "You cannot start a conversation with yourself.",
  blocked: "Messages between you and this person are blocked.",
  closed: "This conversation was closed by the marketplace team.",
  tooManyConversations: `You can start at most ${MAX_NEW_CONVERSATIONS_PER_DAY} new conversations a day. Please try again tomorrow.`,
  tooManyMessages: `You can send at most ${MAX_MESSAGES_PER_HOUR} messages an hour. Please wait a little before sending more.`,
  reasonRequired: "Tell us what is wrong with this conversation.",
  reasonTooLong: `A report can be at most ${MAX_REPORT_REASON_LENGTH.toLocaleString("en-US")} characters.`,
  alreadyReported: "You already reported this conversation; the team will look at it.",
} as const;

export type OffPlatformKind = "email" | "phone" | "payment" | "link";

const OFF_PLATFORM_WHAT: Record<OffPlatformKind, string> = {
  email: "an e-mail address",
  phone: "a phone number",
  payment: "a payment handle or bank details",
  link: "a link to pay elsewhere",
};

/** Why a message was held back: what it holds, and what the sender can do. */
export function offPlatformText(kind: OffPlatformKind): string {
  return (
    `This message was not sent: it seems to hold ${OFF_PLATFORM_WHAT[kind]}. ` +
    "Until a sale is made, please keep contact and payment on Vernissage: a purchase paid " +
    "here is covered by our buyer protection, one paid elsewhere is not. Edit the message and send it again."
  );
}

const EMAIL = /[a-z0-9._%+-]+@[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}/i;
/** "jane at gmail dot com", "jane(at)gmail(dot)com", "jane [at] gmail . com". */
const SPELLED_EMAIL =
  /\b[a-z0-9._%+-]+\s*(\(at\)|\[at\]|\{at\}|\sat\s)\s*[a-z0-9-]+\s*(\.|\(dot\)|\[dot\]|\sdot\s)\s*(com|net|org|edu|io|co|me|fr|de|uk|ca|au|es|it|nl)\b/i;
/** Nine or more digits in a run, with the separators phone numbers are written with. */
const PHONE = /(?:\+|\b)\d(?:[\s().-]{0,2}\d){8,}/;
const PAYMENT =
  /\b(paypal|venmo|cash\s?app|zelle|revolut|wise\.com|transferwise|western\s?union|moneygram|bitcoin|btc|ethereum|usdt|crypto\s?wallet|wire\s+transfer|bank\s+transfer|iban|swift\s+code|routing\s+number|sort\s+code)\b/i;
/** A Cash App "$cashtag" (a price starts with a digit). */
const CASHTAG = /(^|\s)\$[a-z][a-z0-9_-]{2,}\b/i;
const IBAN = /\b[A-Z]{2}\d{2}(?:\s?[A-Z0-9]{4}){3,7}\b/;
const URL_LIKE =
  /\b((?:https?:\/\/|www\.)[^\s<>"]+|[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}\/[^\s<>"]*)/gi;
const PAY_LINK =
  /(paypal|venmo|cash\.app|buy\.stripe|checkout|square\.link|squareup|pay\.|\/pay\b|invoice|gofund|ko-fi|patreon|wise\.com|revolut)/i;

/**
 * What in `text` shares a way to reach or pay someone elsewhere, or null. Written to
 * catch what people actually send (an address, a number, a handle, a pay link, spelled
 * out to dodge a filter), not to be unbeatable: the report button covers the rest.
 */
export function offPlatformKind(text: string): OffPlatformKind | null {
  if (EMAIL.test(text) || SPELLED_EMAIL.test(text)) return "email";
  for (const match of text.matchAll(URL_LIKE)) {
    if (PAY_LINK.test(match[0])) return "link";
  }
  if (PAYMENT.test(text) || CASHTAG.test(text) || IBAN.test(text)) return "payment";
  if (PHONE.test(text)) return "phone";
  return null;
}

/** The first words of a message for the inbox and the e-mail. */
export function messagePreview(body: string, max = 140): string {
  // By code points, so an emoji or any character outside the BMP is never cut in half.
  const flat = [...body.replace(/\s+/g, " ").trim()];
  return flat.length <= max
    ? flat.join("")
    : `${flat
        .slice(0, max - 1)
        .join("")
        .trimEnd()}…`;
}

/** Suggested first questions about a work: one tap fills the message. */
export const SUGGESTED_QUESTIONS = [
  "Can you ship this work to my country, and what would shipping cost?",
  "Is the work framed, or ready to hang?",
  "Could you send a few more pictures, from the side and of the back?",
  "What condition is the work in?",
] as const;

/** "Usually replies within N hours" from the median first-reply time in hours (rounded up, at least 1). */
export function replyTimeText(medianHours: number): string {
  const hours = Math.max(1, Math.ceil(medianHours));
  if (hours >= 48) return `Usually replies within ${Math.ceil(hours / 24)} days`;
  return `Usually replies within ${hours} ${hours === 1 ? "hour" : "hours"}`;
}
