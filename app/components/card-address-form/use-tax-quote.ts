import { useEffect, useRef, useState } from "react";
import { fetchQuote } from "./payment-api";
import { taxFailure } from "./checkout-answers";
import type { Quote, QuoteRequest } from "../../../contracts/checkout.contract";
import { type QuoteState, type QuoteView, quoteKey, quoteView } from "./checkout-form";

/** Typing pauses this long before the address is sent for a tax quote. */
export const QUOTE_DEBOUNCE_MS = 400;

/**
 * SPEC §4 step 2: the tax quote for the address as it is now. A complete address is
 * quoted after a pause in typing; a newer address cancels an older request, and an
 * answer for an address that has since changed is ignored. While the address or
 * e-mail is incomplete there is no total (see quoteView).
 */
export function useTaxQuote<R extends object = QuoteRequest>(
  request: R | null,
  /** Who answers: the checkout's quote, or the offer panel's (the tax on the offered amount). */
  ask: (request: R, signal: AbortSignal) => Promise<Quote> = fetchQuote as (
    request: R,
    signal: AbortSignal,
  ) => Promise<Quote>,
): QuoteView & { retry: () => void } {
  const key = quoteKey(request);
  const [state, setState] = useState<QuoteState>({ key: null, quote: null, error: null });
  // The request behind the current key, read when the timer fires (the key says it is the same).
  const latest = useRef(request);
  const askRef = useRef(ask);
  useEffect(() => {
    latest.current = request;
    askRef.current = ask;
  });
  const settledKey = state.key;

  useEffect(() => {
    if (key === null || key === settledKey) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const current = latest.current;
      if (!current) return;
      askRef.current(current, controller.signal).then(
        (quote) => {
          if (!controller.signal.aborted) setState({ key, quote, error: null });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          console.warn("Tax calculation failed", error);
          setState({ key, quote: null, error: taxFailure(error) });
        },
      );
    }, QUOTE_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, settledKey]);

  // Asking again for the same address (after a failure the key is already settled).
  function retry() {
    setState((s) => ({ ...s, key: null, error: null }));
  }

  return { ...quoteView(key, state), retry };
}
