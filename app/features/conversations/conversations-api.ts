import type { MessageImage, SentMessage } from "../../../contracts/conversations.contract";
import { request } from "../../lib/api-client";

/**
 * The conversation endpoints the browser calls (docs/api.md "Conversations"). The
 * answers' schemas download with the first request (decision 0034), so the pages do not
 * carry zod in their first download.
 */
const contract = () => import("../../../contracts/conversations.contract");

/** About a work or an artist: start the conversation, or add to the one there is. */
export type AskAbout = { artworkId: string } | { artistId: string };

export function startConversation(
  about: AskAbout,
  message: { body: string; imageIds: string[] },
): Promise<SentMessage> {
  return request("/api/me/conversations", {
    method: "POST",
    body: { ...about, ...message },
    schema: () => contract().then((c) => c.sentMessageSchema),
  });
}

export function sendMessage(
  conversationId: string,
  message: { body: string; imageIds: string[] },
): Promise<SentMessage> {
  return request(`/api/me/conversations/${encodeURIComponent(conversationId)}/messages`, {
    method: "POST",
    body: message,
    schema: () => contract().then((c) => c.sentMessageSchema),
  });
}

export function addMessageImage(file: File): Promise<MessageImage> {
  const body = new FormData();
  body.append("image", file);
  return request("/api/me/conversations/images", {
    method: "POST",
    body,
    schema: () => contract().then((c) => c.messageImageSchema),
  });
}

export function setBlocked(conversationId: string, blocked: boolean) {
  return request(`/api/me/conversations/${encodeURIComponent(conversationId)}/block`, {
    method: blocked ? "PUT" : "DELETE",
    schema: () => contract().then((c) => c.blockAnswerSchema),
  });
}

export function reportConversation(conversationId: string, reason: string) {
  return request(`/api/me/conversations/${encodeURIComponent(conversationId)}/report`, {
    method: "POST",
    body: { reason },
    schema: () => contract().then((c) => c.reportAnswerSchema),
  });
}

export function inboxPage(before: string) {
  return request(`/api/me/conversations?before=${encodeURIComponent(before)}`, {
    schema: () => contract().then((c) => c.inboxSchema),
  });
}
