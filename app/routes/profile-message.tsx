import { isRouteErrorResponse, useRouteError } from "react-router";
import { RouteLoadError } from "../components/load-error";
import { NOT_FOUND_TITLE, NotFoundPage } from "../components/not-found-page";
import { ConversationPage } from "../features/conversations/conversation-page";
import { conversationMessages as m } from "../features/conversations/conversations.messages";
import { loadConversation } from "../features/conversations/conversations.server";
import type { Route } from "./+types/profile-message";

export function meta({ loaderData, error }: Route.MetaArgs) {
  const title =
    isRouteErrorResponse(error) && error.status === 404
      ? NOT_FOUND_TITLE
      : loaderData
        ? `${loaderData.thread.conversation.other.displayName} · Messages · Vernissage`
        : "Messages · Vernissage";
  return [{ title }, { name: "robots", content: "noindex" }];
}

/** One conversation: its two people only; anyone else gets the 404 page. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return loadConversation(context, request, params.conversationId);
}

export default function ProfileMessage({ loaderData }: Route.ComponentProps) {
  return <ConversationPage thread={loaderData.thread} unread={loaderData.unread} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <RouteLoadError fallback={m.threadFailed} />;
}
