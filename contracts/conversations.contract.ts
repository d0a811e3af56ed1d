import { z } from "zod";
import { isUuid } from "../domain/ids";
import {
  MAX_MESSAGE_IMAGES,
  MAX_MESSAGE_LENGTH,
  MAX_REPORT_REASON_LENGTH,
  messageTexts,
} from "../domain/messages";

/**
 * Conversations between buyers and artists (decision 0053; docs/api.md "Conversations"):
 * private to their two people; the team reads a conversation only once it is reported.
 */

const messageBody = z
  .string({ error: messageTexts.empty })
  .max(MAX_MESSAGE_LENGTH * 2, messageTexts.tooLong)
  .transform((v) => v.trim())
  .pipe(z.string().min(1, messageTexts.empty).max(MAX_MESSAGE_LENGTH, messageTexts.tooLong));

const imageIds = z
  .array(z.string(), { error: "imageIds must be a list of ids." })
  .max(MAX_MESSAGE_IMAGES, messageTexts.tooManyImages)
  .default([])
  .transform((ids, ctx) => {
    if (ids.some((id) => !isUuid(id))) {
      ctx.addIssue({ code: "custom", message: messageTexts.unknownImage });
      return z.NEVER;
    }
    return [...new Set(ids.map((id) => id.toLowerCase()))];
  });

const uuidField = (message: string) =>
  z
    .string({ error: message })
    .refine((v) => isUuid(v), message)
    .transform((v) => v.toLowerCase());

/** `POST /api/me/conversations`: about a work, or about an artist, with the first message. */
export const startConversationBodySchema = z.union([
  z.object({
    artworkId: uuidField(messageTexts.workNotFound),
    body: messageBody,
    imageIds,
  }),
  z.object({
    artistId: uuidField(messageTexts.artistNotFound),
    body: messageBody,
    imageIds,
  }),
]);
export type StartConversationBody = z.infer<typeof startConversationBodySchema>;

/** `POST /api/me/conversations/:id/messages`. */
export const sendMessageBodySchema = z.object({ body: messageBody, imageIds });
export type SendMessageBody = z.infer<typeof sendMessageBodySchema>;

/** `POST /api/me/conversations/:id/report`. */
export const reportConversationBodySchema = z.object({
  reason: z
    .string({ error: messageTexts.reasonRequired })
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .min(1, messageTexts.reasonRequired)
        .max(MAX_REPORT_REASON_LENGTH, messageTexts.reasonTooLong),
    ),
});

export const messageImageSchema = z.object({
  id: z.string(),
  thumbnail: z.string(),
  medium: z.string(),
  original: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type MessageImage = z.infer<typeof messageImageSchema>;

const personSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  profilePhoto: z.string().nullable(),
});

/** One conversation in the inbox. */
export const conversationSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(["artwork", "artist"]),
  /** The signed-in person's side of it. */
  role: z.enum(["buyer", "artist"]),
  other: personSchema,
  artwork: z
    .object({ id: z.string().nullable(), title: z.string(), thumbnail: z.string().nullable() })
    .nullable(),
  lastMessageAt: z.string(),
  lastMessagePreview: z.string(),
  lastFromMe: z.boolean(),
  unread: z.number().int(),
  closed: z.boolean(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const inboxSchema = z.object({
  conversations: z.array(conversationSummarySchema),
  /** Pass as `?before=` for the next page; null on the last. */
  nextCursor: z.string().nullable(),
  unread: z.number().int(),
});
export type Inbox = z.infer<typeof inboxSchema>;

export const threadEntrySchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("message"),
    id: z.string(),
    fromMe: z.boolean(),
    body: z.string(),
    images: z.array(messageImageSchema),
    createdAt: z.string(),
  }),
  z.object({
    type: z.literal("event"),
    /** `offer:<id>:<n>` or `order:<id>` events, in time order with the messages. */
    id: z.string(),
    source: z.enum(["offer", "order"]),
    text: z.string(),
    link: z.string().nullable(),
    createdAt: z.string(),
  }),
]);
export type ThreadEntry = z.infer<typeof threadEntrySchema>;

export const conversationSchema = z.object({
  conversation: conversationSummarySchema,
  entries: z.array(threadEntrySchema),
  /** Whether the signed-in person blocked the other. */
  blockedByMe: z.boolean(),
  /** Why no message can be sent now (blocked either way, closed), or null. */
  cannotSend: z.string().nullable(),
  /** Whether the signed-in person already reported it. */
  reported: z.boolean(),
});
export type ConversationThread = z.infer<typeof conversationSchema>;

export const sentMessageSchema = z.object({
  conversationId: z.string(),
  entry: threadEntrySchema,
});
export type SentMessage = z.infer<typeof sentMessageSchema>;

export const unreadCountSchema = z.object({ unread: z.number().int() });
export const blockAnswerSchema = z.object({ blocked: z.boolean() });
export const reportAnswerSchema = z.object({ reported: z.literal(true) });

/** The push stream's events (`GET /api/me/conversations/stream`, Server-Sent Events). */
export const pushEventSchema = z.object({
  type: z.literal("message"),
  conversationId: z.string(),
  unread: z.number().int(),
});
export type PushEvent = z.infer<typeof pushEventSchema>;
