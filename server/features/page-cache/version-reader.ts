/**
 * One read of the content version for many requests at once (decision 0033).
 *
 * Every visitor's request needs the version (the page cache checks its entry against it),
 * and under load most of them arrive while a read is already on its way. A caller never
 * takes the answer of a read that started before it asked: that read may have looked
 * before a change the caller already knows of was made (a person who has just saved a
 * new price and reloads the page). So a caller that finds a read in flight waits for the
 * next one, which starts when the current one ends and serves everyone who arrived
 * meanwhile. At most one read runs and one waits, whatever the number of requests; each
 * caller's answer is as fresh as a read of its own would have been.
 */
export function coalescedVersionReader(read: () => Promise<string>): () => Promise<string> {
  let running: Promise<string> | undefined;
  let queued: Promise<string> | undefined;

  function start(): Promise<string> {
    const current = read();
    running = current;
    const clear = () => {
      if (running === current) running = undefined;
    };
    current.then(clear, clear);
    return current;
  }

  return () => {
    if (!running) return start();
    if (!queued) {
      const after = running;
      queued = after
        .then(
          () => undefined,
          () => undefined,
        )
        .then(() => {
          queued = undefined;
          return start();
        });
    }
    return queued;
  };
}

/**
 * The content version of a database that this process alone writes (PGlite), read once and
 * then known until the database says it moved (migration 0022: a notification after the
 * commit of every transaction that moved it). PGlite hands the notification to its
 * listeners before the writer's own commit returns, so a request that comes after a
 * change is never answered with the version from before it. A read that was running when
 * a notification came is used for its caller but not kept. Until `watch` is listening,
 * every call reads.
 */
export function notifiedVersionReader(
  read: () => Promise<string>,
  watch: (onChange: () => void) => Promise<void>,
  onWatchFailed: (error: unknown) => void,
): () => Promise<string> {
  let listening = false;
  let generation = 0;
  let known: string | undefined;
  watch(() => {
    generation += 1;
    known = undefined;
  }).then(
    () => (listening = true),
    (error: unknown) => onWatchFailed(error),
  );
  return async () => {
    if (known !== undefined) return known;
    const at = generation;
    const wasListening = listening;
    const version = await read();
    if (wasListening && at === generation) known = version;
    return version;
  };
}
