import { collectorTexts as m } from "./collectors.messages";

/** The requests, downloaded on first use (collectors-requests.ts holds the schemas). */
export function loadCollectorRequests() {
  return import("./collectors-requests");
}

type CollectorRequests = Awaited<ReturnType<typeof loadCollectorRequests>>;

/**
 * Runs one of the requests and says what went wrong, if anything: null when it went
 * through, else the words for the heart or Follow button (see `collectorFailure`; the
 * plain `fallback` when the requests could not even be downloaded).
 */
export async function collectorRequest<T>(
  run: (requests: CollectorRequests) => Promise<T>,
  fallback: string,
): Promise<{ ok: true; answer: T } | { ok: false; message: string }> {
  let requests: CollectorRequests | null = null;
  try {
    requests = await loadCollectorRequests();
    return { ok: true, answer: await run(requests) };
  } catch (failure) {
    return { ok: false, message: requests?.collectorFailure(failure, fallback) ?? fallback };
  }
}

export const failureText = {
  save: (on: boolean) => (on ? m.saveFailed : m.unsaveFailed),
  follow: (on: boolean) => (on ? m.followFailed : m.unfollowFailed),
};
