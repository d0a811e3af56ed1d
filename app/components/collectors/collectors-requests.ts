import {
  MAX_SAVED_IDS,
  followAnswerSchema,
  savedAnswerSchema,
  savedIdsSchema,
} from "../../../contracts/collectors.contract";
import { ApiError, request } from "../../lib/api-client";

/**
 * The collectors' requests, with the contract's schemas that check their answers. Loaded
 * when a heart or Follow is first pressed, or a page asks which works are saved
 * (`loadCollectorRequests`), so no page downloads zod before it needs it (issue 17).
 */

/** `PUT`/`DELETE /api/me/saved/:artworkId` (idempotent, so a repeat does no harm). */
export function putSaved(artworkId: string, saved: boolean) {
  return request(`/api/me/saved/${encodeURIComponent(artworkId)}`, {
    method: saved ? "PUT" : "DELETE",
    keepalive: true,
    schema: savedAnswerSchema,
  });
}

/** `PUT`/`DELETE /api/me/following/:artistId`; answers the new follower count. */
export function putFollowing(artistId: string, following: boolean) {
  return request(`/api/me/following/${encodeURIComponent(artistId)}`, {
    method: following ? "PUT" : "DELETE",
    keepalive: true,
    schema: followAnswerSchema,
  });
}

/**
 * `GET /api/me/saved/ids` for these works, at most MAX_SAVED_IDS a request: one promise
 * per request, with its ids, so one failure leaves the others' answers.
 */
export function askSaved(
  artworkIds: readonly string[],
): { ids: string[]; saved: Promise<Set<string>> }[] {
  const asks = [];
  for (let i = 0; i < artworkIds.length; i += MAX_SAVED_IDS) {
    const ids = artworkIds.slice(i, i + MAX_SAVED_IDS);
    const query = new URLSearchParams({ artworkIds: ids.join(",") });
    const saved = request(`/api/me/saved/ids?${query.toString()}`, {
      schema: savedIdsSchema,
    }).then((answer) => new Set(answer.saved));
    asks.push({ ids, saved });
  }
  return asks;
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
