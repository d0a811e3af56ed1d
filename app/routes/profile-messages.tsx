import { RouteLoadError } from "../components/load-error";
import { InboxPage } from "../features/conversations/inbox-page";
import { conversationMessages as m } from "../features/conversations/conversations.messages";
import { loadInbox } from "../features/conversations/conversations.server";
import type { Route } from "./+types/profile-messages";

export function meta() {
  return [{ title: "Messages · Vernissage" }, { name: "robots", content: "noindex" }];
}

/** The signed-in person's conversations with artists and buyers; signed out → sign in. */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadInbox(context, request);
}

export default function ProfileMessages({ loaderData }: Route.ComponentProps) {
  return <InboxPage inbox={loaderData.inbox} />;
}

export function ErrorBoundary() {
  return <RouteLoadError fallback={m.inboxFailed} />;
}
