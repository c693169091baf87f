/**
 * Where a bench pass measures a seeded 1:1 conversation (docs/scaling.md, "No regression"): left
 * on the directory, or moved to another instance by the rebalancing mover before it is measured,
 * so the measured client's sends, listens and reads really go to a second namespace. The seeds
 * write everything on the directory, as before instances; the mover then copies the records,
 * writes the target's mirrors and flips the placement, as an admin's move does.
 */
import { emulatorDb } from '../migrations/database';
import { backendsOf } from '../rebalance/backends';
import { moveConversation } from '../rebalance/move-conversation';
import { dbRest, type AdminTarget } from '../stack/admin';
import { instanceTarget } from '../stack/instances';
import type { Person } from './seed';

/**
 * Puts the conversation of `me` and `friend` where the pass measures it; resolves to the admin
 * target of the namespace holding it (where the bench's own admin writes and checks go).
 */
export type Place = (conversationId: string, me: Person, friend: Person) => Promise<AdminTarget>;

/** The one-instance pass: everything stays on the directory. */
export const onDirectory =
  (target: AdminTarget): Place =>
  () =>
    Promise.resolve(target);

/**
 * The conversation moved to `instance`, the friend at home there and `me` at home on the
 * directory: the measured client then holds two connections, its home and the conversation's.
 */
export function onInstance(target: AdminTarget, instance: number): Place {
  return async (conversationId, me, friend) => {
    await dbRest(target, 'PATCH', '/', {
      [`homes/${me.uid}`]: 0,
      [`homes/${friend.uid}`]: instance,
    });
    const backends = await backendsOf(emulatorDb(target));
    // No grace: the directory keeps no copy, so nothing measured can be served from it.
    await moveConversation(backends, `d:${conversationId}`, instance, { graceMs: 0 });
    const there = instanceTarget(target, instance);
    const placement = (await dbRest(there, 'GET', `placement/direct/${conversationId}`)) as {
      instance?: unknown;
      state?: unknown;
    } | null;
    if (placement?.instance !== instance || placement.state !== 'live') {
      throw new Error(
        `${conversationId} is not live on instance ${String(instance)} after the move: ${JSON.stringify(placement)}`,
      );
    }
    return there;
  };
}

/** How many messages conversation `conversationId` holds on `target` (a shallow read). */
export async function storedMessages(target: AdminTarget, conversationId: string): Promise<number> {
  const keys = await dbRest(target, 'GET', `sendMessage/${conversationId}`, undefined, {
    shallow: 'true',
  });
  return typeof keys === 'object' && keys !== null ? Object.keys(keys).length : 0;
}
