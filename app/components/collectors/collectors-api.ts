import { ApiError } from "../../lib/api-error";
import { collectorTexts as m } from "./collectors.messages";

/**
 * The answers' schemas (and zod), downloaded with the first request, which is sent as
 * soon as the request code is there (keepalive: a change reaches the server even when
 * the person leaves the page). The request code is not part of a page's first download.
 */
const schemas = () => import("../../../contracts/collectors.contract");
const client = () => import("../../lib/api-client");

/** `PUT`/`DELETE /api/me/saved/:artworkId` (idempotent, so a repeat does no harm). */
export async function putSaved(artworkId: string, saved: boolean) {
  const { request } = await client();
  return request(`/api/me/saved/${encodeURIComponent(artworkId)}`, {
    method: saved ? "PUT" : "DELETE",
    keepalive: true,
    schema: () => schemas().then((contract) => contract.savedAnswerSchema),
  });
}

/** `PUT`/`DELETE /api/me/following/:artistId`; answers the new follower count. */
export async function putFollowing(artistId: string, following: boolean) {
  const { request } = await client();
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
