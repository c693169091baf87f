import { ref, serverTimestamp, set } from 'firebase/database';
import { describe, expect, it } from 'vitest';
import { moveConversation } from '../../scripts/rebalance/move-conversation';
import { mirrorPath, restReads } from '../../scripts/stack/mirror';
import { placementsOf } from '../../src/lib/firebase/conversations';
import { adminGet, getBackend } from '../support/backend';
import { befriend, cleanBackendPerTest } from './app-clients';
import {
  instance1,
  onInstance1,
  reachesInstances,
  twoInstancesPerTest,
  parties,
} from './conversations-rebalance-steps';

// A mirror trigger delayed across a move (docs/scaling.md, "Rebalancing"): it read the
// directory while the conversation lived on instance 1 and writes only once the conversation
// has moved away. Its write must not set instance 1's copy of the placement back to `live`, or
// instance 1's rules would take writes of a conversation living elsewhere.
const { signUp } = cleanBackendPerTest();
const { backends } = twoInstancesPerTest();
const noGrace = { graceMs: 0 };

const targetOf = (instance: number) => (instance === 1 ? instance1() : getBackend());

/** A promise `done` that `open()` resolves. */
function opened() {
  const door = { open: () => undefined as unknown };
  const done = new Promise<undefined>((resolve) => {
    door.open = () => resolve(undefined);
  });
  return { open: () => void door.open(), done: done.then(() => undefined) };
}

/** A trigger of `path` that has read the directory and waits for `release()` to write. */
async function delayedTrigger(path: string) {
  const gate = opened();
  const read = opened();
  const done = mirrorPath(path, restReads(getBackend()), targetOf, () => {
    read.open();
    return gate.done;
  });
  await read.done;
  return { release: gate.open, done };
}

describe('a mirror trigger delayed across a move', () => {
  it("writes after the whole move: instance 1 keeps 'moved' and still refuses the conversation", async () => {
    const alice = reachesInstances(await signUp('Alice'));
    const bob = reachesInstances(await signUp('Bob'));
    const { id } = await befriend(alice, bob);
    await moveConversation(await backends(), `d:${id}`, 1, noGrace);
    const trigger = await delayedTrigger(`placement/direct/${id}`);
    await moveConversation(await backends(), `d:${id}`, 0, noGrace);
    trigger.release();
    await trigger.done;

    expect(await onInstance1(`placement/direct/${id}`)).toEqual({ instance: 0, state: 'moved' });
    expect(await onInstance1(`friendList/${id}`)).toBeNull();
    const on1 = await placementsOf(alice.client.db).databaseFor(1);
    await expect(set(ref(on1, `typing/${id}/${alice.uid}`), serverTimestamp())).rejects.toThrow(
      /permission/i,
    );
    // The app still writes where the conversation lives.
    const sent = alice.conversations.direct.send(parties(id, alice, bob), 'on the directory');
    await sent.acked;
    expect(await adminGet(`sendMessage/${id}/${sent.id}/message`)).toBe('on the directory');
    expect(await onInstance1(`sendMessage/${id}`)).toBeNull();
  });

  it("writes while the move is frozen: the source's copy stays 'moving', the mover copies once", async () => {
    const alice = reachesInstances(await signUp('Alice'));
    const bob = reachesInstances(await signUp('Bob'));
    const { id } = await befriend(alice, bob);
    await moveConversation(await backends(), `d:${id}`, 1, noGrace);
    const trigger = await delayedTrigger(`placement/direct/${id}`);
    const copies: string[] = [];
    // The trigger writes right after the freeze of instance 1's copy, before the copy is read.
    const all = await backends();
    const source = all.instance(1);
    const racing = {
      ...all,
      instance: (n: number) =>
        n !== 1
          ? all.instance(n)
          : {
              ...source,
              update: async (changes: Record<string, unknown>) => {
                await source.update(changes);
                const frozen = changes[`placement/direct/${id}`] as { state?: string } | undefined;
                if (frozen?.state === 'moving' && copies.length === 0) {
                  copies.push('frozen');
                  trigger.release();
                  await trigger.done;
                }
              },
            },
    };
    const lines: string[] = [];
    await moveConversation(racing, `d:${id}`, 0, { ...noGrace, log: (l) => lines.push(l) });
    expect(copies).toEqual(['frozen']);
    expect(lines.filter((l) => /copied again/.test(l))).toEqual([]);
    expect(await onInstance1(`placement/direct/${id}`)).toEqual({ instance: 0, state: 'moved' });
    expect(await adminGet(`placement/direct/${id}`)).toEqual({ instance: 0, state: 'live' });
  });
});
