import { goOffline, goOnline } from 'firebase/database';
import { describe, expect, it } from 'vitest';
import { moveConversation } from '../../scripts/rebalance/move-conversation';
import type { SentMessage } from '../../src/lib/firebase/inbox/shapes';
import { adminGet, armedAckDrops, dropNextAck } from '../support/backend';
import { befriend, cleanBackendPerTest, type Person } from './app-clients';
import { hikersThroughGateways } from '../support/hikers-group';
import {
  crashingBefore,
  doubled,
  keysOf,
  onInstance1,
  openPage,
  reachesInstances,
  sleep,
  twoInstancesPerTest,
  watchingDevice,
  friendsOverInstances,
  parties,
} from './conversations-rebalance-steps';

// Rebalancing (docs/scaling.md): a conversation moves from instance 0 (the directory) to 1
// while its people keep sending; every message ends on 1 exactly once, counted, and the apps
// follow it there. The mover runs with no grace, so the clean-up is part of each move.
const { signUp, stopAfterTest } = cleanBackendPerTest();
const { backends } = twoInstancesPerTest();
const noGrace = { graceMs: 0 };

const friends = () => friendsOverInstances(signUp);

/**
 * Alice and Bob take turns sending `count` messages, one every 25 ms without waiting for
 * acknowledgements (their outboxes queue them), calling `midway` after a quarter.
 */
async function chat(
  alice: Person,
  bob: Person,
  id: string,
  count: number,
  midway: () => Promise<unknown>,
) {
  const sent: { from: Person; message: SentMessage }[] = [];
  let during: Promise<unknown> = Promise.resolve();
  for (let i = 0; i < count; i++) {
    const [from, to] = i % 2 === 0 ? [alice, bob] : [bob, alice];
    sent.push({ from, message: from.conversations.direct.send(parties(id, from, to), `m${i}`) });
    if (i === Math.floor(count / 4)) during = midway();
    await sleep(25);
  }
  await during;
  await Promise.all(sent.map(({ message }) => message.acked));
  return sent;
}

/** The conversation is on instance 1 only, with exactly `ids`, and nothing of it left on 0. */
async function onlyOnInstance1(id: string, people: Person[], ids: string[]) {
  expect(doubled(ids)).toEqual([]);
  expect(keysOf(await onInstance1(`sendMessage/${id}`))).toEqual([...ids].sort());
  expect(await adminGet(`sendMessage/${id}`)).toBeNull();
  for (const person of people) expect(await adminGet(`inbox/${person.uid}/${id}`)).toBeNull();
  expect(await adminGet(`placement/direct/${id}`)).toEqual({ instance: 1, state: 'live' });
  expect(await onInstance1(`placement/direct/${id}`)).toEqual({ instance: 1, state: 'live' });
  expect(await adminGet(`moves`)).toBeNull();
}

describe('moving a 1:1 conversation from instance 0 to 1', () => {
  it('while both send 40 messages: all on 1 once, counts right, listeners and sends follow', async () => {
    const { alice, bob, id } = await friends();
    // Bob's chat open on his other device, which sends nothing: its listener alone follows.
    const bobsTab = await watchingDevice(bob, stopAfterTest);
    const bobsPage = openPage((onData) =>
      bobsTab.direct.subscribeLatest({ id, pageSize: 100 }, onData, () => undefined),
    );
    const sent = await chat(alice, bob, id, 40, async () =>
      moveConversation(await backends(), `d:${id}`, 1, noGrace),
    );
    const ids = sent.map(({ message }) => message.id);
    await onlyOnInstance1(id, [alice, bob], ids);
    // Nobody read anything: each count is what the other sent.
    const byAlice = sent.filter(({ from }) => from === alice).length;
    expect(await onInstance1(`inbox/${bob.uid}/${id}/unread`)).toBe(byAlice);
    expect(await onInstance1(`inbox/${alice.uid}/${id}/unread`)).toBe(40 - byAlice);

    // Bob's open chat moved with it: every message, then a new one, sent to 1.
    await bobsPage.waitFor((page) => expect(page.map((m) => m.id).sort()).toEqual(ids.sort()));
    const after = alice.conversations.direct.send(parties(id, alice, bob), 'after the move');
    await after.acked;
    expect(await onInstance1(`sendMessage/${id}/${after.id}/message`)).toBe('after the move');
    await bobsPage.waitFor((page) => expect(page.at(-1)?.text).toBe('after the move'));
    expect(await onInstance1(`inbox/${bob.uid}/${id}/unread`)).toBe(byAlice + 1);
    bobsPage.stop();
  });

  it('a send stored on 0 whose acknowledgement was lost is found on 1, not sent twice', async () => {
    const { alice, bob, id } = await friends();
    await alice.conversations.direct.send(parties(id, alice, bob), 'before').acked;
    await dropNextAck(`sendMessage/${id}`);
    const lost = alice.conversations.direct.send(parties(id, alice, bob), 'ack lost');
    // Stored on 0; Alice's app goes offline before the SDK can send it again.
    await expect
      .poll(() => adminGet(`sendMessage/${id}/${lost.id}/message`), { interval: 5 })
      .toBe('ack lost');
    goOffline(alice.client.db);
    expect(await armedAckDrops()).toBe(0);
    await moveConversation(await backends(), `d:${id}`, 1, noGrace);
    goOnline(alice.client.db);
    // The SDK's repeat is refused on 0 (moved), the outbox looks on 1 and finds it there.
    await lost.acked;
    expect(keysOf(await onInstance1(`sendMessage/${id}`))).toHaveLength(2);
    expect(await onInstance1(`inbox/${bob.uid}/${id}/unread`)).toBe(2);
    expect(await adminGet(`sendMessage/${id}`)).toBeNull();
  });

  for (const step of ['copied', 'flipped', 'cleaned'] as const) {
    it(`a mover that dies before '${step}' is run again: the same result`, async () => {
      const { alice, bob, id } = await friends();
      const sent = await chat(alice, bob, id, 16, async () => {
        await expect(
          moveConversation(crashingBefore(await backends(), step), `d:${id}`, 1, noGrace),
        ).rejects.toThrow(/died/);
        // Meanwhile the sends wait (frozen) or land on 1 (flipped): none is lost.
        await sleep(300);
        return moveConversation(await backends(), `d:${id}`, 1, noGrace);
      });
      const ids = sent.map(({ message }) => message.id);
      await onlyOnInstance1(id, [alice, bob], ids);
      const byAlice = sent.filter(({ from }) => from === alice).length;
      expect(await onInstance1(`inbox/${bob.uid}/${id}/unread`)).toBe(byAlice);
    });
  }
});

describe('moving a group from instance 0 to 1', () => {
  it('while two members send 40 messages: all on 1 once, every count right, the third follows', async () => {
    const { alice, bob } = await friends();
    const carol = await signUp('Carol');
    reachesInstances(carol);
    await befriend(alice, carol);
    const groupId = await hikersThroughGateways(alice, [bob, carol]);
    const carolsTab = await watchingDevice(carol, stopAfterTest);
    const carolsPage = openPage((onData) =>
      carolsTab.group.subscribeLatest({ id: groupId, pageSize: 100 }, onData, () => undefined),
    );
    const everyone = [alice, bob, carol];
    const sent: { from: Person; message: SentMessage }[] = [];
    let move: Promise<unknown> = Promise.resolve();
    for (let i = 0; i < 40; i++) {
      const from = i % 2 === 0 ? alice : bob;
      const to = everyone.filter((p) => p !== from).map((p) => p.uid);
      const message = from.conversations.group.send(
        { groupId, from: { uid: from.uid, name: from.username }, to },
        `g${String(i)}`,
      );
      sent.push({ from, message });
      if (i === 10) move = backends().then((b) => moveConversation(b, `g:${groupId}`, 1, noGrace));
      await sleep(25);
    }
    await move;
    await Promise.all(sent.map(({ message }) => message.acked));

    const ids = sent.map(({ message }) => message.id);
    expect(doubled(ids)).toEqual([]);
    expect(keysOf(await onInstance1(`groupMessages/${groupId}`))).toEqual([...ids].sort());
    expect(await adminGet(`groupMessages/${groupId}`)).toBeNull();
    const byAlice = sent.filter(({ from }) => from === alice).length;
    const unread = (p: Person) => onInstance1(`groupInbox/${p.uid}/${groupId}/unread`);
    expect(await unread(carol)).toBe(40);
    expect(await unread(bob)).toBe(byAlice);
    expect(await unread(alice)).toBe(40 - byAlice);
    for (const p of everyone) expect(await adminGet(`groupInbox/${p.uid}/${groupId}`)).toBeNull();
    expect(await adminGet(`placement/group/${groupId}`)).toEqual({ instance: 1, state: 'live' });
    await carolsPage.waitFor((page) => expect(page.map((m) => m.id).sort()).toEqual(ids.sort()));
    carolsPage.stop();
  });
});

describe('moving back, from instance 1 to the directory', () => {
  it("freezes and flips instance 1's mirror: sends follow to 0, and 1 keeps only 'moved'", async () => {
    const { alice, bob, id } = await friends();
    await moveConversation(await backends(), `d:${id}`, 1, noGrace);
    await alice.conversations.direct.send(parties(id, alice, bob), 'on 1').acked;
    const sent = await chat(alice, bob, id, 12, async () =>
      moveConversation(await backends(), `d:${id}`, 0, noGrace),
    );
    const ids = [...sent.map(({ message }) => message.id)];
    expect(keysOf(await adminGet(`sendMessage/${id}`))).toHaveLength(ids.length + 1);
    expect(await onInstance1(`sendMessage/${id}`)).toBeNull();
    expect(await onInstance1(`inbox/${bob.uid}/${id}`)).toBeNull();
    expect(await onInstance1(`friendList/${id}`)).toBeNull();
    expect(await onInstance1(`placement/direct/${id}`)).toEqual({ instance: 0, state: 'moved' });
    expect(await adminGet(`placement/direct/${id}`)).toEqual({ instance: 0, state: 'live' });
    const byAlice = sent.filter(({ from }) => from === alice).length;
    expect(await adminGet(`inbox/${bob.uid}/${id}/unread`)).toBe(byAlice + 1);
  });
});
