import { describe, expect, it } from 'vitest';
import { previewOf } from '../../src/features/inbox/conversation-time';
import type { ConversationMessage } from '../../src/lib/firebase/conversations/message';
import { parseInboxEntry } from '../../src/lib/firebase/inbox/entry';
import { adminGet } from '../support/backend';
import { hikersThroughGateways } from '../support/hikers-group';
import { befriend, cleanBackendPerTest, eventually, type Person } from './app-clients';

// Delete for me of the last message: my entry's cover, through the real gateway and rules.
const { signUp, stopAfterTest } = cleanBackendPerTest();

/** What `person` loads of a conversation's latest page, live. */
function latest(person: Person, kind: 'direct' | 'group', id: string) {
  const seen: { messages: ConversationMessage[] } = { messages: [] };
  const stop = person.conversations[kind].subscribeLatest(
    { id, pageSize: 50 },
    (messages) => (seen.messages = messages),
    (error) => {
      throw error;
    },
  );
  stopAfterTest(stop);
  return async (messageId: string) => {
    let found: ConversationMessage | undefined;
    await eventually(() => {
      found = seen.messages.find((m) => m.id === messageId);
      expect(found).toBeDefined();
    });
    return found as ConversationMessage;
  };
}

describe('the cover of a last message deleted for me', () => {
  it('1:1: my entry shows the message before it, with the hide in the same update', async () => {
    const alice = await signUp('Alice');
    const bob = await signUp('Bob');
    const { id: conversationId } = await befriend(alice, bob);
    const fromAlice = {
      conversationId,
      from: { uid: alice.uid, name: 'Alice' },
      to: { uid: bob.uid, name: 'Bob' },
    };
    const fromBob = { ...fromAlice, from: fromAlice.to, to: fromAlice.from };
    const question = bob.conversations.direct.send(fromBob, 'see you at 8?');
    await question.acked;
    const oops = alice.conversations.direct.send(fromAlice, 'my PIN is 4711');
    await oops.acked;
    const loaded = latest(alice, 'direct', conversationId);
    const shown = await loaded(question.id);

    await alice.conversations.direct.hideLast(fromAlice, oops.id, { over: oops.id, shown });
    expect(await adminGet(`hiddenMessages/${alice.uid}/${conversationId}/${oops.id}`)).toBe(true);
    const entry = parseInboxEntry(
      'direct',
      conversationId,
      await adminGet(`inbox/${alice.uid}/${conversationId}`),
    );
    expect(entry?.lastMessageId).toBe(oops.id);
    expect(entry && previewOf(entry, alice.uid)).toBe('see you at 8?');
    // Bob's own row is his: it still names Alice's message.
    expect(await adminGet(`inbox/${bob.uid}/${conversationId}/cover`)).toBeNull();
  });

  it('group: without an entry of mine (joined since), the hide still lands alone', async () => {
    const alice = await signUp('Alice');
    const bob = await signUp('Bob');
    const carol = await signUp('Carol');
    // The admin invites friends only.
    await befriend(alice, bob);
    await befriend(alice, carol);
    const groupId = await hikersThroughGateways(alice, [bob]);
    const fromBob = { groupId, from: { uid: bob.uid, name: 'Bob' }, to: [alice.uid] };
    const first = bob.conversations.group.send(fromBob, 'Saturday at 8?');
    await first.acked;
    const second = bob.conversations.group.send(fromBob, 'bring the tent');
    await second.acked;
    await alice.groups.invite(groupId, carol);
    await carol.groups.admit(groupId, carol);
    const loaded = latest(carol, 'group', groupId);
    const shown = await loaded(first.id);
    const fromCarol = {
      groupId,
      from: { uid: carol.uid, name: 'Carol' },
      to: [alice.uid, bob.uid],
    };

    await carol.conversations.group.hideLast(fromCarol, second.id, { over: second.id, shown });
    expect(await adminGet(`groupHiddenMessages/${carol.uid}/${groupId}/${second.id}`)).toBe(true);
    expect(await adminGet(`groupInbox/${carol.uid}/${groupId}`)).toBeNull();
  });
});
