/**
 * A module the page downloads when someone starts to use what needs it
 * (decision 0034): `start()` when the person reaches a form (focus, pointer), `get()` at
 * the moment of use, which is null if it has not arrived. For forms whose checks the
 * server makes too: a submit before the checks arrive goes to the server, which answers
 * with the same message. A failed download is forgotten, so the next `start()` tries again.
 */
export function lazyModule<T>(load: () => Promise<T>) {
  let loaded: T | null = null;
  let pending: Promise<T> | null = null;

  function fetchOnce(): Promise<T> {
    pending ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  }

  return {
    get: (): T | null => loaded,
    load: fetchOnce,
    /** Starts the download from an event handler; a failure is only logged. */
    start: (): void => {
      if (loaded) return;
      fetchOnce().catch((error: unknown) =>
        console.warn("A module could not be loaded; the server will check instead", error),
      );
    },
  };
}
