import { purchasesMessages as m } from "./purchases.messages";

/**
 * A move that succeeded sends the buyer back to the order page with `?done=` (so a
 * reload does not send the form again); the page then says what happened.
 */
export const DONE_PARAM = "done";
export const DONE_RECEIVED = "received";
export const DONE_REPORTED = "reported";

const DONE_NOTICES: Record<string, string> = {
  [DONE_RECEIVED]: m.receiptConfirmed,
  [DONE_REPORTED]: m.problemReported,
};

export function doneNotice(search: URLSearchParams): string | null {
  const done = search.get(DONE_PARAM);
  return done && Object.hasOwn(DONE_NOTICES, done) ? (DONE_NOTICES[done] ?? null) : null;
}
