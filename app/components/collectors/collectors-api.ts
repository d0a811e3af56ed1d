import { ApiError, request } from "../../lib/api-client";
import { collectorTexts as m } from "./collectors.messages";

/**
 * The answers' schemas (and zod), downloaded with the first request, which is sent at
 * once (keepalive: a change reaches the server even when the person leaves the page).
 */
const schemas = () => import("../../../contracts/collectors.contract");

/** `PUT`/`DELETE /api/me/saved/:artworkId` (idempotent, so a repeat does no harm). */
export function putSaved(artworkId: string, saved: boolean) {
  return request(`/api/me/saved/${encodeURIComponent(artworkId)}`, {
    method: saved ? "PUT" : "DELETE",
    keepalive: true,
    schema: () => schemas().then((contract) => contract.savedAnswerSchema),
  });
}

/** `PUT`/`DELETE /api/me/following/:artistId`; answers the new follower count. */
export function putFollowing(artistId: string, following: boolean) {
  return request(`/api/me/following/${encodeURIComponent(artistId)}`, {
    method: following ? "PUT" : "DELETE",
    keepalive: true,
    schema: () => schemas().then((contract) => contract.followAnswerSchema),
  });
}

/** Which works are saved (saved-works.tsx), downloaded when a page first asks. */
export function loadCollectorRequests() {
  return import("./collectors-requests");
}

/**
 * What a heart or Follow button says when the server refuses: the server's own words
 * when the person can act on them (signed out meanwhile, the work left the marketplace),
 * else a plain "please try again" for what was being done.
 */
export function collectorFailure(error: unknown, fallback: string): string {
  if (error instanceof ApiError && [400, 401, 404].includes(error.status) && error.message)
    return error.message;
  return fallback;
}

export const failureText = {
  save: (on: boolean) => (on ? m.saveFailed : m.unsaveFailed),
  follow: (on: boolean) => (on ? m.followFailed : m.unfollowFailed),
};
