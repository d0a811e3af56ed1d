import { MAX_SAVED_IDS, savedIdsSchema } from "../../../contracts/collectors.contract";
import { request } from "../../lib/api-client";

/**
 * Which works are saved, with the contract's schema that checks the answer: loaded when a
 * page first asks (`loadCollectorRequests`), so no page downloads zod before it needs it
 * (decision 0034).
 */

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
