/**
 * What an e-mail says, as data: the sentences stay in each feature's mail function and
 * one template (mail-message.tsx) turns them into the HTML part and the plain-text part.
 * Kept free of React so the mail functions stay plain `.ts` and the outbox can render
 * them when it queues them.
 */

/** The marketplace's name, in the header and the signature of every e-mail. */
export const MARKETPLACE_NAME = "Vernissage";

export type MailLink = {
  label: string;
  url: string;
  /** A button's own words, when the line's label reads badly on a button. */
  buttonText?: string;
};

/**
 * One line of the body. A string is a sentence; "" ends a paragraph. A link line reads
 * "label: url" in both parts; a button line is the e-mail's call to action: a button in
 * the HTML part with the same "label: url" line under it, and that line alone in the text.
 */
export type MailLine =
  | string
  | { link: MailLink }
  | { button: MailLink }
  /** A work's picture in a list, linked to the work; the text part leaves it out. */
  | { picture: MailPicture; href: string };

/** The work the e-mail is about, as an absolute address the recipient's client can load. */
export type MailPicture = {
  url: string;
  alt: string;
  width: number;
  /** Only when the work's proportions are known; the client keeps the aspect otherwise. */
  height?: number;
};

export type MailContent = {
  /** The addressee's name as we know it: the greeting takes its first word. */
  name: string | null;
  lines: MailLine[];
  picture?: MailPicture | null;
  /** Under the signature: why the recipient gets this e-mail, and links to stop it. */
  reason?: string;
  footer?: MailLink[];
};

export const DEFAULT_REASON = `You receive this e-mail because of your account on ${MARKETPLACE_NAME}.`;
export const TEAM_REASON = `You receive this e-mail because you run ${MARKETPLACE_NAME}.`;

/** The usual content: to whom, about which work (if any), and the sentences. */
export function message(
  name: string | null,
  picture: MailPicture | null | undefined,
  lines: MailLine[],
): MailContent {
  return { name, picture, lines };
}

export function link(label: string, url: string): MailLine {
  return { link: { label, url } };
}

export function button(label: string, url: string, buttonText?: string): MailLine {
  return { button: { label, url, buttonText } };
}

/** "Hello Ada," from "Ada Lovelace"; "Hello there," without a name. */
export function greetingText(name: string | null): string {
  const first = name?.trim().split(/\s+/)[0];
  return first ? `Hello ${first},` : "Hello there,";
}

export const SIGNATURE = `— The ${MARKETPLACE_NAME} team`;

/** Width of the picture in the e-mail, in CSS pixels; the thumbnail (500 px) covers 1.8×. */
const PICTURE_WIDTH = 280;

/** Width of a work's picture in a list of works (the digest). */
export const LIST_PICTURE_WIDTH = 120;

/**
 * The work's thumbnail as a picture for the e-mail, or null when it has none. Media paths
 * are made absolute with the public URL; the height follows the work's proportions when
 * its size is known (the thumbnail has the same shape as the work's photograph).
 */
export function workPicture(
  publicUrl: string,
  image: string | null | undefined,
  alt: string,
  size?: { width: number | null; height: number | null } | null,
  width: number = PICTURE_WIDTH,
): MailPicture | null {
  if (!image) return null;
  const url = image.startsWith("/") ? `${publicUrl}${image}` : image;
  if (!size?.width || !size.height || size.width < 0 || size.height < 0) {
    return { url, alt, width };
  }
  return {
    url,
    alt,
    width,
    height: Math.round((width * size.height) / size.width),
  };
}
