/**
 * How the request fuzzer (bench/fuzz.ts) counts the requests that reached the server
 * signed in, kept free of I/O so it can be tested. An answer other than 401 does not
 * prove a session: a public route answers a dead session's request as it answers a
 * visitor's. A session, once ended, never comes back, so a probe of `/api/session`
 * that finds it alive proves every answer given with it before the probe was sent;
 * answers not followed by such a probe are not counted.
 */

/**
 * The least share of all requests that must reach the server signed in (two of the three
 * identities are signed in, so a little under 2/3 when every session holds);
 * docs/reliability.md.
 */
export const SIGNED_IN_FLOOR = 0.6;

/** Answers per session (its cookie), each counted once a later probe finds the session alive. */
export function createSessionTally() {
  const unconfirmed = new Map<string, number>();
  let signedIn = 0;
  return {
    /** An answer (not a 401) to a request sent with `session`. */
    answered(session: string) {
      unconfirmed.set(session, (unconfirmed.get(session) ?? 0) + 1);
    },
    /** Answers with `session` not yet proven: read just before a probe, what it can prove. */
    unconfirmed: (session: string) => unconfirmed.get(session) ?? 0,
    /**
     * The probe's outcome: alive proves the `before` answers counted when it was sent;
     * a dead session's answers are never proven (when it ended among them is unknown).
     */
    probed(session: string, before: number, alive: boolean) {
      const now = unconfirmed.get(session) ?? 0;
      if (!alive) {
        unconfirmed.delete(session);
        return;
      }
      signedIn += before;
      unconfirmed.set(session, now - before);
    },
    get signedIn() {
      return signedIn;
    },
  };
}

/** The signed-in share of a run and whether it reaches the floor (an empty run does not). */
export function signedInVerdict(
  signedIn: number,
  sent: number,
  floor = SIGNED_IN_FLOOR,
): { share: number; passes: boolean } {
  const share = sent > 0 ? signedIn / sent : 0;
  return { share, passes: sent > 0 && share >= floor };
}
