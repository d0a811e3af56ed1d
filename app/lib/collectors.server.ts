import type { AppLoadContext } from "react-router";
import type { SavedState } from "../components/collectors/saved-works";

/**
 * Issue 16: a visitor who pressed a heart or Follow signs in with `?save=` or `?follow=`;
 * the change is made here, before the redirect to `next`, so they land back with it done.
 * A refusal (the work left the marketplace meanwhile) is logged and does not stop the sign-in.
 */
export async function collectAfterSignIn(
  context: AppLoadContext,
  userId: string,
  params: URLSearchParams,
): Promise<void> {
  const { collectors, logger } = context.services;
  const save = params.get("save");
  const follow = params.get("follow");
  try {
    if (save) await collectors.save(userId, save);
    if (follow) await collectors.follow(userId, follow);
  } catch (error) {
    logger.warn("A save or follow after sign-in was refused", { error, save, follow });
  }
}

/**
 * Which of the works a page shows the viewer saved (one query), for the page's hearts;
 * null for a visitor. A failure leaves the hearts empty rather than failing the page.
 */
export async function savedStateFor(
  context: AppLoadContext,
  viewerId: string | null | undefined,
  artworkIds: readonly string[],
): Promise<SavedState | null> {
  if (!viewerId) return null;
  const checked = [...new Set(artworkIds)];
  try {
    return { saved: await context.services.collectors.savedAmong(viewerId, checked), checked };
  } catch (error) {
    context.services.logger.error("Could not read which works are saved", { error });
    return { saved: [], checked: [] };
  }
}
