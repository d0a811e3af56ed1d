import { onTestFinished, vi } from "vitest";

/** A request the code under test sent, waiting for the test to answer it. */
export type HeldRequest = {
  url: string;
  method: string;
  /** The JSON body sent, parsed (null for none). */
  body: unknown;
  signal: AbortSignal | null;
  /** Answers with JSON and this status. */
  respond(status: number, body: unknown): void;
};

/**
 * A stand-in for the server at the network boundary: `fetch` is replaced by a real
 * function that holds each request until the test answers it, so a test decides the
 * order answers arrive in. Like the browser's fetch it rejects with an AbortError
 * when the request's signal aborts, unless `ignoreAbort` (an answer already on its
 * way when the code gave up on it). Restored when the test finishes.
 */
export function fakeApi({ ignoreAbort = false } = {}) {
  const requests: HeldRequest[] = [];
  function fakeFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
    return new Promise<Response>((resolve, reject) => {
      const signal = init.signal ?? null;
      const aborted = () => reject(new DOMException("The operation was aborted.", "AbortError"));
      if (signal && !ignoreAbort) {
        if (signal.aborted) return aborted();
        signal.addEventListener("abort", aborted, { once: true });
      }
      requests.push({
        url: input instanceof Request ? input.url : String(input),
        method: init.method ?? "GET",
        body: typeof init.body === "string" ? (JSON.parse(init.body) as unknown) : null,
        signal,
        respond(status, body) {
          resolve(
            new Response(JSON.stringify(body), {
              status,
              headers: { "content-type": "application/json" },
            }),
          );
        },
      });
    });
  }
  vi.stubGlobal("fetch", fakeFetch);
  onTestFinished(() => {
    vi.unstubAllGlobals();
  });
  return {
    requests,
    /** The request sent `n`-th (0 first); fails the test if there is none. */
    request(n: number): HeldRequest {
      const request = requests[n];
      if (!request) throw new Error(`no request ${n}: ${requests.length} sent`);
      return request;
    },
  };
}
