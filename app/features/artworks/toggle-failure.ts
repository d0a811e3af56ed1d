import { ApiError } from "../../lib/api-client";
import { listingMessages as m } from "../../../domain/listing";

/**
 * What the For Sale switch says when the server refuses the change. A refusal the
 * artist can act on keeps the server's words: a work put back on sale without a
 * price asks for one (SPEC §5 price text), a checkout in progress says to wait.
 * Anything else is the SPEC §8 toggle failure.
 */
export function toggleFailure(error: unknown): string {
  if (error instanceof ApiError && (error.status === 400 || error.status === 409) && error.message)
    return error.message;
  return m.toggleFailed;
}
