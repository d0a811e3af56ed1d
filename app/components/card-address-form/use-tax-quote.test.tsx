// @vitest-environment happy-dom
import { act, cleanup, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { checkoutMessages as m } from "../../../domain/checkout";
import { fakeApi } from "../../test/fake-api";
import type { QuoteRequest } from "../../../contracts/checkout.contract";
import { QUOTE_DEBOUNCE_MS, useTaxQuote } from "./use-tax-quote";

beforeEach(() => {
  // Only the debounce timer is faked; promises (the answers) run as usual.
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function address(line1: string): QuoteRequest {
  return {
    artworkId: "6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f",
    email: "jo@example.com",
    shippingAddress: { line1, city: "Portland", state: "OR", postal_code: "97209" },
  };
}

const quoteFor = (tax: number) => ({
  preTaxAmount: 10_000,
  taxAmount: tax,
  totalAmount: 10_000 + tax,
});

function renderQuote(first: QuoteRequest | null) {
  return renderHook(({ request }) => useTaxQuote(request), { initialProps: { request: first } });
}

/** Lets the answer travel through the client and React render what it set. */
async function settle() {
  await act(async () => {
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
  });
}

async function wait(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

describe("useTaxQuote", () => {
  it("asks once typing pauses, for the address as it is then", async () => {
    const api = fakeApi();
    const hook = renderQuote(address("1 Main St"));
    expect(hook.result.current.pending).toBe(true);
    await wait(QUOTE_DEBOUNCE_MS - 1);
    hook.rerender({ request: address("12 Main St") });
    await wait(QUOTE_DEBOUNCE_MS - 1);
    expect(api.requests).toHaveLength(0);
    await wait(1);
    expect(api.requests).toHaveLength(1);
    expect(api.request(0).url).toBe("/api/checkout/quote");
    expect(api.request(0).body).toEqual(address("12 Main St"));

    api.request(0).respond(200, quoteFor(875));
    await settle();
    expect(hook.result.current).toMatchObject({
      quote: quoteFor(875),
      pending: false,
      error: null,
    });
  });

  it("cancels the older request when the address changes while it is in flight", async () => {
    const api = fakeApi();
    const hook = renderQuote(address("1 Main St"));
    await wait(QUOTE_DEBOUNCE_MS);
    const older = api.request(0);
    hook.rerender({ request: address("2 Main St") });
    expect(older.signal?.aborted).toBe(true);
    await wait(QUOTE_DEBOUNCE_MS);
    api.request(1).respond(200, quoteFor(100));
    await settle();
    expect(hook.result.current.quote).toEqual(quoteFor(100));
  });

  it("never lets a late answer for an older address overwrite the newer one", async () => {
    // The older answer was already on its way: the abort cannot stop it arriving.
    const api = fakeApi({ ignoreAbort: true });
    const hook = renderQuote(address("1 Main St"));
    await wait(QUOTE_DEBOUNCE_MS);
    hook.rerender({ request: address("2 Main St") });
    await wait(QUOTE_DEBOUNCE_MS);
    api.request(1).respond(200, quoteFor(100));
    await settle();
    api.request(0).respond(200, quoteFor(999));
    await settle();
    expect(hook.result.current.quote).toEqual(quoteFor(100));
    // Nor does it count as the answer to the address now shown.
    hook.rerender({ request: address("1 Main St") });
    expect(hook.result.current.pending).toBe(true);
  });

  it("asks nothing while the address is incomplete, and says a total lapsed", async () => {
    const api = fakeApi();
    const hook = renderQuote(null);
    await wait(QUOTE_DEBOUNCE_MS * 2);
    expect(api.requests).toHaveLength(0);
    expect(hook.result.current).toMatchObject({ quote: null, pending: false, lapsed: false });

    hook.rerender({ request: address("1 Main St") });
    await wait(QUOTE_DEBOUNCE_MS);
    api.request(0).respond(200, quoteFor(875));
    await settle();
    hook.rerender({ request: null });
    expect(hook.result.current).toMatchObject({ quote: null, lapsed: true });
  });

  it("shows the SPEC's failure text, and asks again for the same address on retry", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const api = fakeApi();
    const hook = renderQuote(address("1 Main St"));
    await wait(QUOTE_DEBOUNCE_MS);
    api.request(0).respond(500, { error: { code: "INTERNAL", message: "boom" } });
    await settle();
    expect(hook.result.current.error).toEqual({
      message: m.taxFailed,
      detail: null,
      unavailable: false,
    });
    expect(warn).toHaveBeenCalledWith("Tax calculation failed", expect.anything());
    warn.mockRestore();

    act(() => hook.result.current.retry());
    await wait(QUOTE_DEBOUNCE_MS);
    expect(api.requests).toHaveLength(2);
    api.request(1).respond(200, quoteFor(875));
    await settle();
    expect(hook.result.current).toMatchObject({ quote: quoteFor(875), error: null });
  });
});
