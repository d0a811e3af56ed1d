import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import type { OfferActionResult } from "./offer-view";

export type OfferMoveDone = Extract<OfferActionResult, { ok: true }>;

/** The fetcher that sends one offer's forms, shared by its key wherever it is read. */
export function offerFetcherKey(offerId: string): string {
  return `offer-${offerId}`;
}

/**
 * The answer to the latest move sent on one offer's forms. Read where it stays mounted
 * (the page, the list's row): the forms that made the move are gone once the offer is
 * read again (it is then the other side's turn), and with them their notice.
 */
export function useOfferMoveAnswer(offerId: string): OfferActionResult | undefined {
  return useFetcher<OfferActionResult>({ key: offerFetcherKey(offerId) }).data;
}

/**
 * A notice at the page's top that takes the focus whenever it is a new one (give `ref`
 * to an element with tabIndex -1); otherwise focus would drop to <body> with the form.
 */
export function useFocusNotice<E extends HTMLElement>(notice: unknown) {
  const ref = useRef<E>(null);
  useEffect(() => {
    if (notice) ref.current?.focus();
  }, [notice]);
  return ref;
}
