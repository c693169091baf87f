import { describe, expect, it } from 'vitest';
import { moveConversation } from '../../scripts/rebalance/move-conversation';
import { makeInboxApi } from '../../src/lib/firebase/inbox/gateway';
import { TypingThrottle } from '../../src/lib/firebase/conversations/typing';
import type { ConversationMessage } from '../../src/lib/firebase/conversations/message';
import { adminGet } from '../support/backend';
import { cleanBackendPerTest, type Person } from './app-clients';
import {
  crashingBefore,
  onInstance1,
  openPage,
  sleep,
  twoInstancesPerTest,
  watchingDevice,
  friendsOverInstances,
  parties,
} from './conversations-rebalance-steps';

// Rebalancing followed fully (docs/scaling.md, "Rebalancing"): an open chat keeps showing new
// messages live through every move, back and forth, the directory included; the writes other
// than sends made while a conversation is frozen are held and written where it went.
const { signUp, stopAfterTest } = cleanBackendPerTest();
const { backends } = twoInstancesPerTest();
const noGrace = { graceMs: 0 };

const friends = () => friendsOverInstances(signUp);

const move = async (id: string, to: number) =>
  moveConversation(await backends(), `d:${id}`, to, noGrace);

describe('an open chat follows every move of its conversation', () => {
  for (const path of [
    [1, 0, 1],
    [0, 1, 0],
  ]) {
    const [from = 0, ...moves] = path;
    it(`moved ${path.join(' → ')} while open: every message shown live once, after each move`, async () => {
      const { alice, bob, id } = await friends();
      if (from !== 0) await move(id, from);
      // Bob's chat open on a device that sends nothing: only its listeners can follow.
      const bobsTab = await watchingDevice(bob, stopAfterTest);
      const errors: Error[] = [];
      const page = openPage((onData) =>
        bobsTab.direct.subscribeLatest({ id, pageSize: 100 }, onData, (e) => errors.push(e)),
      );
      const shown: string[] = [];
      const say = (text: string) => {
        const sent = alice.conversations.direct.send(parties(id, alice, bob), text);
        shown.push(sent.id);
        return sent.acked;
      };
      await say('before any move');
      await page.waitFor((p) => expect(p.map((m) => m.id)).toEqual(shown));
      for (const to of moves) {
        // One sent as the move starts (held by the outbox if frozen), one once it is over.
        const during = say(`while moving to ${String(to)}`);
        await move(id, to);
        await during;
        await say(`on ${String(to)}`);
        await page.waitFor((p) => expect(p.map((m) => m.id)).toEqual(shown));
        expect(await adminGet(`placement/direct/${id}`)).toEqual({ instance: to, state: 'live' });
      }
      expect(
        page
          .latest()
          .map((m) => m.text)
          .at(-1),
      ).toBe(`on ${String(moves.at(-1))}`);
      expect(errors).toEqual([]);
      page.stop();
    });
  }
});

/** `person`'s stored message `id`, as their app holds it. */
async function stored(person: Person, conversationId: string, id: string) {
  const message = await person.conversations.direct.fetchOne(conversationId, id);
  if (!message) throw new Error(`message ${id} is not stored`);
  return message;
}

describe('writes made while a conversation is frozen', () => {
  it('an edit, a reaction, a hide and a mark-read are held, then written on the new instance', async () => {
    const { alice, bob, id } = await friends();
    const mine = alice.conversations.direct.send(parties(id, alice, bob), 'to be edited');
    await mine.acked;
    const hers = bob.conversations.direct.send(parties(id, bob, alice), 'to be liked');
    await hers.acked;
    const toHide = bob.conversations.direct.send(parties(id, bob, alice), 'to be hidden');
    await toHide.acked;
    const [edited, liked]: ConversationMessage[] = await Promise.all([
      stored(alice, id, mine.id),
      stored(alice, id, hers.id),
    ]);
    // A mover that dies after the freeze: the conversation stays frozen on 0 meanwhile.
    await expect(
      moveConversation(crashingBefore(await backends(), 'copied'), `d:${id}`, 1, noGrace),
    ).rejects.toThrow(/died/);
    expect(await adminGet(`placement/direct/${id}/state`)).toBe('moving');

    const inbox = makeInboxApi(alice.client.db, undefined, new TypingThrottle(0));
    const direct = alice.conversations.direct;
    const settled: string[] = [];
    const track = (what: string, write: Promise<unknown>) =>
      write.then(() => {
        settled.push(what);
      });
    const writes = [
      track('edit', direct.edit(parties(id, alice, bob), edited, 'edited while frozen', false)),
      track('reaction', direct.react(parties(id, alice, bob), liked, '👍', true)),
      track('hide', direct.hide(alice.uid, id, toHide.id)),
      track('mark-read', inbox.markRead(alice.uid, `d:${id}`, toHide.id, true)),
    ];
    // A typing signal refused by the freeze is dropped, not thrown.
    await expect(inbox.setTyping(id, alice.uid, true)).resolves.toBeUndefined();
    await sleep(500);
    // Held, not failed, and written nowhere yet (instance 1 holds the copy, still frozen).
    expect(settled).toEqual([]);
    for (const on of [adminGet, onInstance1]) {
      expect(await on(`sendMessage/${id}/${mine.id}/message`)).toBe('to be edited');
      expect(await on(`sendMessage/${id}/${hers.id}/reactions`)).toBeNull();
      expect(await on(`inbox/${alice.uid}/${id}/unread`)).toBe(2);
    }

    await move(id, 1);
    await Promise.all(writes);
    expect(settled.sort()).toEqual(['edit', 'hide', 'mark-read', 'reaction']);
    const message = (mid: string) => onInstance1(`sendMessage/${id}/${mid}`);
    expect(await message(mine.id)).toMatchObject({ message: 'edited while frozen' });
    expect(await message(hers.id)).toMatchObject({
      reactions: { '👍': { [alice.uid]: expect.any(Number) } },
    });
    expect(await onInstance1(`hiddenMessages/${alice.uid}/${id}/${toHide.id}`)).toBe(true);
    expect(await onInstance1(`inbox/${alice.uid}/${id}/unread`)).toBe(0);
    expect(await onInstance1(`reads/${id}/${alice.uid}/messageId`)).toBe(toHide.id);
    expect(await adminGet(`sendMessage/${id}`)).toBeNull();

    // The next typing signal goes where the conversation went.
    await inbox.setTyping(id, alice.uid, true);
    expect(await onInstance1(`typing/${id}/${alice.uid}`)).toEqual(expect.any(Number));
  });
});
