import { z } from "zod";
import { isUuid } from "../domain/ids";
import { PRICE_RANGES } from "../domain/price-ranges";
import { searchQuerySchema } from "./search.contract";

/**
 * Alerts and mail preferences (decision 0031; docs/api.md "Alerts and e-mail preferences"):
 * a saved marketplace search and how often its digest is e-mailed. Private to the
 * signed-in person. The search text follows the search's own rule (searchQuerySchema.q).
 */

export const MAX_ALERTS_PER_PERSON = 50;
export const MAX_ALERT_NAME_LENGTH = 80;
/** More filters of one kind than the catalogue could sensibly hold: not a real search. */
const MAX_FILTER_IDS = 100;

export const alertMessages = {
  nameRequired: "Give the alert a name.",
  nameTooLong: `The alert name can be at most ${MAX_ALERT_NAME_LENGTH} characters.`,
  nothingChosen: "Choose a search or a filter before creating an alert.",
  noWords: "The search text has no words to look for. Use letters or numbers.",
  tooMany: `You have ${MAX_ALERTS_PER_PERSON} alerts, the most there can be. Delete one to create another.`,
  duplicate: (name: string) => `You already have an alert for this search: “${name}”.`,
  notFound: "Alert not found.",
  signIn: "Please sign in to manage your alerts and e-mails.",
  nothingToChange: "Send enabled or name to change.",
  unsubscribeInvalid: "This unsubscribe link is not valid.",
} as const;

const alertName = z
  .string({ error: alertMessages.nameRequired })
  .transform((v) => v.trim())
  .pipe(
    z
      .string()
      .min(1, alertMessages.nameRequired)
      .max(MAX_ALERT_NAME_LENGTH, alertMessages.nameTooLong),
  );

function idArray(label: string) {
  return z
    .array(z.string(), { error: `${label}s must be a list of ids.` })
    .max(MAX_FILTER_IDS, `At most ${MAX_FILTER_IDS} ${label}s.`)
    .default([])
    .transform((ids, ctx) => {
      for (const id of ids) {
        if (!isUuid(id)) {
          ctx.addIssue({ code: "custom", message: `Unknown ${label} id: ${id.slice(0, 40)}` });
          return z.NEVER;
        }
      }
      return [...new Set(ids.map((id) => id.toLowerCase()))].sort();
    });
}

const priceRanges = z
  .array(z.number({ error: "Price ranges must be numbers." }), {
    error: "priceRanges must be a list of numbers.",
  })
  .max(PRICE_RANGES.length * 2, "Too many price ranges.")
  .default([])
  .transform((values, ctx) => {
    for (const n of values) {
      if (!Number.isInteger(n) || n < 0 || n >= PRICE_RANGES.length) {
        ctx.addIssue({
          code: "custom",
          message: `Unknown price range: ${n} (use 0 to ${PRICE_RANGES.length - 1}).`,
        });
        return z.NEVER;
      }
    }
    return [...new Set(values)].sort((a, b) => a - b);
  });

/** `POST /api/me/alerts`: the search as the marketplace URL has it, ids as arrays. */
export const createAlertBodySchema = z.object({
  name: alertName,
  q: searchQuerySchema.shape.q,
  cities: idArray("city"),
  categories: idArray("category"),
  priceRanges,
});
export type CreateAlertBody = z.output<typeof createAlertBodySchema>;

/** `PATCH /api/me/alerts/:id`: turn it on or off, or rename it. */
export const updateAlertBodySchema = z
  .object({
    enabled: z.boolean({ error: "enabled must be true or false." }).optional(),
    name: alertName.optional(),
  })
  .refine((v) => v.enabled !== undefined || v.name !== undefined, alertMessages.nothingToChange);
export type UpdateAlertBody = z.output<typeof updateAlertBodySchema>;

export const alertSchema = z.object({
  id: z.string(),
  name: z.string(),
  query: z.object({
    q: z.string(),
    cities: z.array(z.string()),
    categories: z.array(z.string()),
    priceRanges: z.array(z.number().int()),
  }),
  enabled: z.boolean(),
  createdAt: z.string(),
});
export type Alert = z.infer<typeof alertSchema>;

export const alertListSchema = z.object({ alerts: z.array(alertSchema) });
export type AlertList = z.infer<typeof alertListSchema>;

export const deletedAlertSchema = z.object({ deleted: z.literal(true) });

export const DIGEST_FREQUENCY_VALUES = ["daily", "weekly", "off"] as const;

const messageEmails = z.boolean({ error: "messageEmails must be true or false." });

/**
 * `GET /api/me/mail-preferences`: the digest's frequency, whether it tells of followed
 * artists, and whether unread messages are e-mailed (on unless turned off).
 */
export const mailPreferencesSchema = z.object({
  digestFrequency: z.enum(DIGEST_FREQUENCY_VALUES, {
    error: "digestFrequency must be daily, weekly or off.",
  }),
  followEmails: z.boolean({ error: "followEmails must be true or false." }),
  messageEmails,
});
export type MailPreferences = z.infer<typeof mailPreferencesSchema>;

/**
 * `PUT /api/me/mail-preferences`: the same, `messageEmails` optional (left as it is when
 * absent), so a client that knows only the digest's two settings keeps working.
 */
export const mailPreferencesBodySchema = mailPreferencesSchema.extend({
  messageEmails: messageEmails.optional(),
});
export type MailPreferencesBody = z.infer<typeof mailPreferencesBodySchema>;

/** What an unsubscribe link turns off: every digest, the followed artists' part, or one alert. */
export type UnsubscribeScope = "all" | "follows" | `alert:${string}`;

/** `alerts.describeUnsubscribe(token)`: what the link turns off, for the confirmation page. */
export const unsubscribeDescriptionSchema = z.object({
  scope: z.enum(["all", "follows", "alert"]),
  alertName: z.string().optional(),
});
export type UnsubscribeDescription = z.infer<typeof unsubscribeDescriptionSchema>;

/** `alerts.unsubscribe(token)` and `POST /api/unsubscribe`: done (and done again is fine). */
export const unsubscribeAnswerSchema = unsubscribeDescriptionSchema.extend({
  unsubscribed: z.literal(true),
});
export type UnsubscribeAnswer = z.infer<typeof unsubscribeAnswerSchema>;
