import { useEffect, useState } from 'react';
import { useGateways } from '../../store/hooks';
import type { PresenceStatus } from '../../lib/firebase/presence/shapes';

/**
 * `uid`'s presence, live while the calling component is mounted: undefined while loading (or
 * when it cannot be read), null when they have never been online. Only the chat header shows
 * it, so it stays in component state rather than in a slice.
 */
export function useFriendStatus(uid: string): PresenceStatus | null | undefined {
  const { presence } = useGateways();
  const [seen, setSeen] = useState<{ uid: string; status: PresenceStatus | null } | null>(null);
  useEffect(
    () =>
      presence.subscribeStatus(
        uid,
        (status) => setSeen({ uid, status }),
        // Unknown presence is shown as nothing rather than as a guess.
        () => setSeen(null),
      ),
    [presence, uid],
  );
  // A status that arrived for the previously shown friend is not this friend's.
  return seen?.uid === uid ? seen.status : undefined;
}
