import { type AppLoadContext, data, redirect } from "react-router";
import { signInPath } from "../../../domain/safe-path";
import { isAppError } from "../../../server/errors";
import { loadErrorResponse, readForPage } from "../../lib/loader-errors.server";
import { conversationMessages as m } from "./conversations.messages";

/** Signed out: the sign-in page, which comes back here (the e-mails link to these pages). */
async function signedInUser(context: AppLoadContext, request: Request) {
  const user = await context.services.auth.getSessionUser(request.headers);
  if (!user) throw redirect(signInPath(new URL(request.url).pathname));
  return user;
}

/** `/profile/messages`: the newest conversations first. */
export async function loadInbox(context: AppLoadContext, request: Request) {
  const user = await signedInUser(context, request);
  const inbox = await readForPage(context, () => context.services.conversations.inbox(user.id), {
    fallback: m.inboxFailed,
    log: "The inbox failed to load",
  });
  return { inbox };
}

/**
 * `/profile/messages/:conversationId`: a conversation that is not
 * the viewer's (or none) → the 404 page, as for any unknown address. Reading it marks it
 * read, so the page also says how many unread messages are left (the header's count).
 */
export async function loadConversation(
  context: AppLoadContext,
  request: Request,
  conversationId: string,
) {
  const user = await signedInUser(context, request);
  const { conversations } = context.services;
  try {
    const thread = await conversations.get(user.id, conversationId);
    const unread = await conversations.unread(user.id);
    return { thread, unread };
  } catch (error) {
    if (isAppError(error) && error.status === 404) {
      throw data(null, { status: 404, statusText: "Not Found" });
    }
    throw loadErrorResponse(context.services.logger, error, {
      fallback: m.threadFailed,
      log: "A conversation failed to load",
      details: { conversationId },
    });
  }
}
