/**
 * A connection switch that records what went on- and offline, in order: the bounded
 * connections' unit tests (src/lib/firebase/conversations/placement/connections*.test.ts)
 * read the SDK's goOnline/goOffline calls from it.
 */
export function recording() {
  const events: string[] = [];
  return {
    events,
    sw: {
      online: (instance: number) => events.push(`on ${String(instance)}`),
      offline: (instance: number) => events.push(`off ${String(instance)}`),
    },
  };
}
