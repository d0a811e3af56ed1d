import { and, asc, eq, gt, inArray, isNull, or } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { conversationMembers, conversations, messages, userBlocks, users } from "../../db/schema";

/**
 * A person's conversations and every message in them (theirs and the other party's), for
 * their export (decision 0058); and, when they close their account, their conversations
 * closed (kept, read-only, for the other party, with the pseudonym as the author's name).
 */
export async function conversationsForExport(db: Queryable, userId: string) {
  return db
    .select({
      id: conversations.id,
      kind: conversations.kind,
      artworkId: conversations.artworkId,
      artworkTitle: conversations.artworkTitle,
      role: conversationMembers.role,
      withId: users.id,
      withName: users.displayName,
      createdAt: conversations.createdAt,
      closedAt: conversations.closedAt,
    })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .innerJoin(
      users,
      or(
        and(eq(conversations.buyerId, users.id), eq(conversations.artistId, userId)),
        and(eq(conversations.artistId, users.id), eq(conversations.buyerId, userId)),
      ),
    )
    .where(eq(conversationMembers.userId, userId))
    .orderBy(asc(conversations.createdAt));
}

/** The messages of the person's conversations, a page at a time by id. */
export async function messagesForExport(
  db: Queryable,
  userId: string,
  afterId: number | null,
  limit: number,
) {
  const mine = db
    .select({ id: conversationMembers.conversationId })
    .from(conversationMembers)
    .where(eq(conversationMembers.userId, userId));
  return db
    .select({
      id: messages.id,
      conversationId: messages.conversationId,
      senderId: messages.senderId,
      mine: eq(messages.senderId, userId).mapWith(Boolean),
      body: messages.body,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(
      and(
        inArray(messages.conversationId, mine),
        afterId !== null ? gt(messages.id, afterId) : undefined,
      ),
    )
    .orderBy(asc(messages.id))
    .limit(limit);
}

/** Closes the person's open conversations and lifts blocks either way. */
export async function closeConversationsOf(
  tx: Queryable,
  userId: string,
  closedAt: Date,
): Promise<void> {
  await tx
    .update(conversations)
    .set({ closedAt })
    .where(
      and(
        or(eq(conversations.buyerId, userId), eq(conversations.artistId, userId)),
        isNull(conversations.closedAt),
      ),
    );
  await tx
    .delete(userBlocks)
    .where(or(eq(userBlocks.blockerId, userId), eq(userBlocks.blockedId, userId)));
}
