/**
 * When this process first saw each content version (decision 0033): a version is trusted
 * for new entries only once it has been seen for the settle time, since the triggers move
 * it a moment before the writer's commit. Only the newest few versions matter.
 */
export function versionFirstSeen(now: () => number): (version: string) => number {
  const firstSeen = new Map<string, number>();
  return (version) => {
    let at = firstSeen.get(version);
    if (at === undefined) {
      at = now();
      firstSeen.set(version, at);
      if (firstSeen.size > 16) firstSeen.delete(firstSeen.keys().next().value as string);
    }
    return at;
  };
}
