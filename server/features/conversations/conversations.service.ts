import type {
  ConversationSummary,
  ConversationThread,
  Inbox,
  MessageImage,
  SendMessageBody,
  SentMessage,
  StartConversationBody,
  ThreadEntry,
} from "../../../contracts/conversations.contract";
import { isUuid } from "../../../domain/ids";
import {
  MAX_MESSAGES_PER_HOUR,
  MAX_NEW_CONVERSATIONS_PER_DAY,
  REPLY_TIME_MIN_ANSWERED,
  messagePreview,
  messageTexts,
  offPlatformKind,
  offPlatformText,
  replyTimeText,
} from "../../../domain/messages";
import { priceText } from "../../../domain/display";
import type { OrderStatus } from "../../../domain/orders";
import type { Database } from "../../db/client";
import type { StorageAdapter } from "../../adapters/storage/storage";
import { AppError } from "../../errors";
import { storeImageThen } from "../../images/stored-image";
import type { Logger } from "../../logger";
import { decodeCursor, encodeCursor } from "../../page-cursor";
import { hasSaleBetween, orderHistoryFor } from "../orders/orders.api";
import { offerHistoryFor } from "../purchase/purchase.api";
import {
  type ConversationRow,
  type InboxRow,
  type MessageImageRow,
  type MessageRow,
  attachImages,
  blocksBetween,
  countConversationsStartedSince,
  countUnsentImages,
  countMessagesSentSince,
  deleteBlock,
  findConversationOf,
  findMembership,
  findWorkToAsk,
  hasOpenReportBy,
  insertBlock,
  insertConversation,
  insertMessage,
  insertMessageImage,
  insertReport,
  isArtistToAsk,
  listInbox,
  listMessages,
  lockConversation,
  lockSender,
  markRead,
  replyStatsOf,
  suspendedAmong,
  unreadTotal,
} from "./conversations.repository";
import type { PushBus } from "./push";

/**
 * Conversations between buyers and artists (decision 0053). Every call acts for the
 * signed-in person (`viewerId`, from the session): a conversation they are not one of
 * the two people of is answered exactly as an unknown one, 404.
 */
export type ConversationsDeps = {
  db: Database;
  bus: PushBus;
  now: () => Date;
  logger: Logger;
};

const INBOX_PAGE = 30;
/** Pictures uploaded and not yet sent, per person: a message takes six. */
const MAX_UNSENT_IMAGES = 24;
const HOUR_MS = 3_600_000;

function notFound(): never {
  throw new AppError("NOT_FOUND", 404, messageTexts.notFound);
}

/**
 * The rules a new message passes before the transaction: blocks and the on-platform hold
 * (reads whose answer a race cannot make wrong in a way that matters).
 */
async function checkCanSend(
  deps: ConversationsDeps,
  senderId: string,
  otherId: string,
  body: string,
) {
  const blocks = await blocksBetween(deps.db, senderId, otherId);
  if (blocks.byMe || blocks.byOther) throw new AppError("FORBIDDEN", 403, messageTexts.blocked);
  const kind = offPlatformKind(body);
  if (kind && !(await hasSaleBetween(deps.db, senderId, otherId))) {
    throw new AppError("OFF_PLATFORM", 422, offPlatformText(kind));
  }
}

type NewConversation = {
  kind: "artwork" | "artist";
  artistId: string;
  artworkId: string | null;
  artworkTitle: string | null;
};

/**
 * Writes the message (and its pictures), and for a first message its conversation and
 * members, in one transaction, so a failure or a crash leaves nothing half made. The
 * sender's lock comes first: the hourly and daily limits are counted under it, so two
 * servers sending for one person at once are counted one after the other. Then the
 * conversation's lock, so the last message and the unread counts are the last writer's.
 * The push goes out after the commit; one that fails is logged (the message shows on the
 * next load).
 */
async function writeMessage(
  deps: ConversationsDeps,
  target: { conversation: ConversationRow } | { create: NewConversation },
  senderId: string,
  input: SendMessageBody,
): Promise<SentMessage> {
  const now = deps.now();
  const { conversation, message, images } = await deps.db.transaction(async (tx) => {
    await lockSender(tx, senderId);
    const sent = await countMessagesSentSince(tx, senderId, new Date(now.getTime() - HOUR_MS));
    if (sent >= MAX_MESSAGES_PER_HOUR) {
      throw new AppError("TOO_MANY_ATTEMPTS", 429, messageTexts.tooManyMessages);
    }
    let conversation: ConversationRow | null;
    if ("create" in target) {
      const about = target.create.artworkId
        ? { artworkId: target.create.artworkId }
        : { artistId: target.create.artistId };
      conversation = await findConversationOf(tx, senderId, about);
      if (!conversation) {
        const started = await countConversationsStartedSince(
          tx,
          senderId,
          new Date(now.getTime() - 24 * HOUR_MS),
        );
        if (started >= MAX_NEW_CONVERSATIONS_PER_DAY) {
          throw new AppError("TOO_MANY_ATTEMPTS", 429, messageTexts.tooManyConversations);
        }
        // Another server's first message may win the unique index: then this one joins it.
        conversation =
          (await insertConversation(tx, { ...target.create, buyerId: senderId, now })) ??
          (await findConversationOf(tx, senderId, about));
      }
    } else {
      conversation = target.conversation;
    }
    if (!conversation) notFound();
    await lockConversation(tx, conversation.id);
    const recipientId =
      senderId === conversation.buyerId ? conversation.artistId : conversation.buyerId;
    const message = await insertMessage(tx, {
      conversation,
      senderId,
      recipientId,
      body: input.body,
      preview: messagePreview(input.body),
      now,
    });
    if (input.imageIds.length) {
      const attached = await attachImages(tx, senderId, message.id, input.imageIds);
      if (attached !== input.imageIds.length) {
        throw new AppError("VALIDATION_FAILED", 400, messageTexts.unknownImage);
      }
    }
    const { images } = input.imageIds.length
      ? await listMessages(tx, conversation.id, 1)
      : { images: [] };
    return { conversation, message, images };
  });
  const recipientId =
    senderId === conversation.buyerId ? conversation.artistId : conversation.buyerId;
  await pushUnread(deps, recipientId, conversation.id);
  return {
    conversationId: conversation.id,
    entry: messageEntry(message, images, senderId),
  };
}

async function pushUnread(deps: ConversationsDeps, userId: string, conversationId: string) {
  try {
    const unread = await unreadTotal(deps.db, userId);
    await deps.bus.publish(userId, { type: "message", conversationId, unread });
  } catch (error) {
    deps.logger.warn("A new message could not be pushed; it shows on reload", { error });
  }
}

/**
 * "Ask the artist": the first message about a work (or to an artist), or the next one if
 * this buyer already has that conversation (one per buyer and work).
 */
export async function startConversation(
  deps: ConversationsDeps,
  viewerId: string,
  input: StartConversationBody,
): Promise<SentMessage> {
  let artistId: string;
  let work: Awaited<ReturnType<typeof findWorkToAsk>> = null;
  if ("artworkId" in input) {
    work = await findWorkToAsk(deps.db, input.artworkId);
    if (!work) throw new AppError("NOT_FOUND", 404, messageTexts.workNotFound);
    if (work.artistId === viewerId) throw new AppError("FORBIDDEN", 403, messageTexts.ownWork);
    artistId = work.artistId;
  } else {
    if (input.artistId === viewerId) {
      throw new AppError("FORBIDDEN", 403, messageTexts.ownProfile);
    }
    if (!(await isArtistToAsk(deps.db, input.artistId))) {
      throw new AppError("NOT_FOUND", 404, messageTexts.artistNotFound);
    }
    artistId = input.artistId;
  }
  const about = work ? { artworkId: work.id } : { artistId };
  const existing = await findConversationOf(deps.db, viewerId, about);
  if (existing) return sendInto(deps, viewerId, existing, input);

  await checkCanSend(deps, viewerId, artistId, input.body);
  return writeMessage(
    deps,
    {
      create: {
        kind: work ? "artwork" : "artist",
        artistId,
        artworkId: work?.id ?? null,
        artworkTitle: work?.title ?? null,
      },
    },
    viewerId,
    input,
  );
}

async function sendInto(
  deps: ConversationsDeps,
  viewerId: string,
  conversation: ConversationRow,
  input: SendMessageBody,
) {
  if (conversation.closedAt || (await isClosed(deps, conversation))) {
    throw new AppError("CONFLICT", 409, messageTexts.closed);
  }
  const otherId = viewerId === conversation.buyerId ? conversation.artistId : conversation.buyerId;
  await checkCanSend(deps, viewerId, otherId, input.body);
  return writeMessage(deps, { conversation }, viewerId, input);
}

/** Closed by the team, or one of its two people is suspended. */
async function isClosed(deps: ConversationsDeps, conversation: ConversationRow) {
  if (conversation.closedAt) return true;
  const suspended = await suspendedAmong(deps.db, [conversation.buyerId, conversation.artistId]);
  return suspended.length > 0;
}

export async function sendMessage(
  deps: ConversationsDeps,
  viewerId: string,
  conversationId: string,
  input: SendMessageBody,
): Promise<SentMessage> {
  if (!isUuid(conversationId)) notFound();
  const membership = await findMembership(deps.db, conversationId.toLowerCase(), viewerId);
  if (!membership) notFound();
  return sendInto(deps, viewerId, membership.conversation, input);
}

function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

function toImage(row: MessageImageRow): MessageImage {
  return {
    id: row.id,
    thumbnail: row.thumbnail,
    medium: row.medium,
    original: row.original,
    width: row.width,
    height: row.height,
  };
}

function messageEntry(
  message: MessageRow,
  images: MessageImageRow[],
  viewerId: string,
): ThreadEntry {
  return {
    type: "message",
    id: String(message.id),
    fromMe: message.senderId === viewerId,
    body: message.body,
    images: images.filter((image) => image.messageId === message.id).map(toImage),
    createdAt: iso(message.createdAt),
  };
}

function toSummary(row: InboxRow, viewerId: string, suspended: Set<string>): ConversationSummary {
  return {
    id: row.id,
    kind: row.kind,
    role: row.role,
    other: { id: row.other_id, displayName: row.other_name, profilePhoto: row.other_photo },
    artwork:
      row.kind === "artwork"
        ? {
            id: row.artwork_id,
            title: row.artwork_title ?? "",
            thumbnail: row.artwork_thumbnail,
          }
        : null,
    lastMessageAt: iso(row.last_message_at),
    lastMessagePreview: row.last_message_preview,
    lastFromMe: row.last_sender_id === viewerId,
    unread: row.unread,
    closed: row.closed_at !== null || suspended.has(row.other_id) || suspended.has(viewerId),
  };
}

/** The signed-in person's conversations, newest first, a page at a time. */
export async function inbox(
  deps: ConversationsDeps,
  viewerId: string,
  before?: string,
): Promise<Inbox> {
  const after = before ? decodeCursor(before) : null;
  const rows = await listInbox(deps.db, viewerId, after, INBOX_PAGE + 1);
  const page = rows.slice(0, INBOX_PAGE);
  const suspended = new Set(
    await suspendedAmong(deps.db, [viewerId, ...page.map((row) => row.other_id)]),
  );
  const last = page[page.length - 1];
  return {
    conversations: page.map((row) => toSummary(row, viewerId, suspended)),
    nextCursor:
      rows.length > INBOX_PAGE && last ? encodeCursor(last.member_last_message_at, last.id) : null,
    unread: await unreadTotal(deps.db, viewerId),
  };
}

export function unreadCount(deps: ConversationsDeps, viewerId: string): Promise<number> {
  return unreadTotal(deps.db, viewerId);
}

const OFFER_EVENT_TEXT: Record<string, (amount: string) => string> = {
  made: (amount) => `Offer made: ${amount}`,
  countered: (amount) => `Counter-offer: ${amount}`,
  accepted: (amount) => `Offer accepted: ${amount}`,
  declined: () => "Offer declined",
  withdrawn: () => "Offer withdrawn",
  expired: () => "Offer expired",
  lapsed: () => "Offer ended: the card could no longer be held",
  closed: () => "Offer closed: the work was sold",
};

const ORDER_EVENT_TEXT: Record<OrderStatus, string> = {
  paid: "Purchased: the order is paid",
  shipped: "Order shipped",
  delivered: "Order delivered",
  completed: "Order completed",
  problem_reported: "A problem was reported with the order",
  cancelled: "Order cancelled",
  refunded: "Order refunded",
  partially_refunded: "Order partly refunded",
  return_requested: "A return was asked for",
  return_accepted: "Return accepted",
  return_shipped: "The work is on its way back",
};

/** The offers and the order of this buyer for this work, as thread entries. */
async function eventEntries(
  deps: ConversationsDeps,
  conversation: ConversationRow,
  role: "buyer" | "artist",
): Promise<ThreadEntry[]> {
  if (conversation.kind !== "artwork" || !conversation.artworkId) return [];
  const [offerEvents, orderEvents] = await Promise.all([
    offerHistoryFor(deps.db, conversation.artworkId, conversation.buyerId),
    orderHistoryFor(deps.db, conversation.artworkId, conversation.buyerId),
  ]);
  return [
    ...offerEvents.map((event): ThreadEntry => ({
      type: "event",
      id: `offer:${event.id}`,
      source: "offer",
      text: (OFFER_EVENT_TEXT[event.kind] ?? (() => `Offer ${event.kind}`))(
        priceText(event.amountCents),
      ),
      link: `/offers/${event.offerId}`,
      createdAt: iso(event.createdAt),
    })),
    ...orderEvents.map((event): ThreadEntry => ({
      type: "event",
      id: `order:${event.id}`,
      source: "order",
      text: ORDER_EVENT_TEXT[event.toStatus],
      link: role === "buyer" ? `/profile/purchases/${event.orderId}` : "/profile/sales",
      createdAt: iso(event.createdAt),
    })),
  ];
}

/**
 * One conversation with its messages and, in time order among them, the offers and the
 * order of its buyer for its work. Reading it marks it read.
 */
export async function getConversation(
  deps: ConversationsDeps,
  viewerId: string,
  conversationId: string,
): Promise<ConversationThread> {
  if (!isUuid(conversationId)) notFound();
  const id = conversationId.toLowerCase();
  const membership = await findMembership(deps.db, id, viewerId);
  if (!membership) notFound();
  const { conversation, role } = membership;
  const otherId = role === "buyer" ? conversation.artistId : conversation.buyerId;
  const [{ messages, images }, events, blocks, reported, rows, closed] = await Promise.all([
    listMessages(deps.db, id),
    eventEntries(deps, conversation, role),
    blocksBetween(deps.db, viewerId, otherId),
    hasOpenReportBy(deps.db, id, viewerId),
    listInbox(deps.db, viewerId, null, 1, id),
    isClosed(deps, conversation),
  ]);
  if (membership.unread > 0) {
    await markRead(deps.db, id, viewerId, messages[messages.length - 1]?.id ?? 0);
  }
  const summaryRow = rows[0];
  if (!summaryRow) notFound();
  const summary = toSummary(summaryRow, viewerId, new Set());
  const entries = [
    ...messages.map((message) => messageEntry(message, images, viewerId)),
    ...events,
  ].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return {
    conversation: { ...summary, unread: 0, closed },
    entries,
    blockedByMe: blocks.byMe,
    cannotSend: closed
      ? messageTexts.closed
      : blocks.byMe || blocks.byOther
        ? messageTexts.blocked
        : null,
    reported,
  };
}

/** Blocks (or unblocks) the other person of this conversation: no messages either way. */
export async function setBlocked(
  deps: ConversationsDeps,
  viewerId: string,
  conversationId: string,
  blocked: boolean,
): Promise<{ blocked: boolean }> {
  if (!isUuid(conversationId)) notFound();
  const membership = await findMembership(deps.db, conversationId.toLowerCase(), viewerId);
  if (!membership) notFound();
  const { conversation, role } = membership;
  const otherId = role === "buyer" ? conversation.artistId : conversation.buyerId;
  if (blocked) await insertBlock(deps.db, viewerId, otherId);
  else await deleteBlock(deps.db, viewerId, otherId);
  return { blocked };
}

/** Reports the conversation to the team, who may then read it. Once per person while open. */
export async function reportConversation(
  deps: ConversationsDeps,
  viewerId: string,
  conversationId: string,
  reason: string,
): Promise<{ reported: true }> {
  if (!isUuid(conversationId)) notFound();
  const id = conversationId.toLowerCase();
  const membership = await findMembership(deps.db, id, viewerId);
  if (!membership) notFound();
  if (await hasOpenReportBy(deps.db, id, viewerId)) {
    throw new AppError("CONFLICT", 409, messageTexts.alreadyReported);
  }
  const report = await insertReport(deps.db, { conversationId: id, reporterId: viewerId, reason });
  // A second report sent at the same time as the first meets the unique index.
  if (!report) throw new AppError("CONFLICT", 409, messageTexts.alreadyReported);
  return { reported: true };
}

/** "Usually replies within N hours", once the artist has answered enough conversations. */
export async function replyTimeOf(
  deps: ConversationsDeps,
  artistId: string,
): Promise<string | null> {
  const stats = await replyStatsOf(deps.db, artistId);
  if (stats.answered < REPLY_TIME_MIN_ANSWERED || stats.medianHours === null) return null;
  return replyTimeText(stats.medianHours);
}

export const messageImageTexts = {
  signInRequired: messageTexts.signIn,
  missingFile: "Please choose a picture to add (form field “image”).",
  unreadableForm: "The picture could not be read. Please send it as multipart/form-data.",
  tooManyWaiting: `You have ${MAX_UNSENT_IMAGES} pictures waiting to be sent. Send or remove some first.`,
} as const;

/**
 * A picture for the next message: through the image pipeline (decoded and re-encoded,
 * so EXIF and GPS are gone; bombs refused), stored under a random name, and kept unsent
 * until a message takes it (unsent ones are deleted after a day).
 */
export async function addMessageImage(
  deps: ConversationsDeps & { storage: StorageAdapter },
  viewerId: string,
  file: Buffer,
): Promise<MessageImage> {
  if ((await countUnsentImages(deps.db, viewerId)) >= MAX_UNSENT_IMAGES) {
    throw new AppError("CONFLICT", 409, messageImageTexts.tooManyWaiting);
  }
  const row = await storeImageThen(deps, `messages/${viewerId}`, file, (files) =>
    insertMessageImage(deps.db, { uploaderId: viewerId, ...files }),
  );
  return toImage(row);
}
