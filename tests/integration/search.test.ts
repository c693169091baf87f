import { describe, expect, it } from 'vitest';
import { chatScreenEntered, selectFriend } from '../../src/features/conversations';
import { selectFriendRows } from '../../src/features/friends';
import { createGroup, inviteFriend, leaveGroup } from '../../src/features/groups/groups-thunks';
import type { ConversationMessage } from '../../src/lib/firebase/conversations/message';
import { HISTORY_PAGE_SIZE } from '../../src/features/search/search-history';
import { befriend, cleanBackendPerTest, eventually, storeFor, acceptGroup } from './app-clients';
import { sendInGroup } from './conversations-group-sending';
import { deleteAs, editAs, expectFound, parties, seedHistory } from './search-support';

// The device index follows what the rules let me read, over the emulators.
const { signUp, stopAfterTest } = cleanBackendPerTest();

describe('the search index between real stores', () => {
  it('follows an edit and a deletion, and forgets a group I leave', async () => {
    const alice = await signUp('Alice');
    const bob = await signUp('Bob');
    const { id: conversationId } = await befriend(alice, bob);
    const a = storeFor(alice);
    const b = storeFor(bob);
    stopAfterTest(a.stop, b.stop);
    await Promise.all([a.ready(), b.ready()]);

    const groupId = await a.store
      .dispatch(createGroup({ groupName: 'Climbers', groupTag: 'Up the wall' }))
      .unwrap();
    await a.store
      .dispatch(inviteFriend({ groupId, friend: { uid: bob.uid, username: bob.username } }))
      .unwrap();
    await eventually(() => expect(b.store.getState().memberships.mine[groupId]).toBe('invited'));
    await b.store.dispatch(acceptGroup(groupId)).unwrap();
    await sendInGroup(a, groupId, 'meet at the harbour wall');
    const sent = alice.conversations.direct.send(
      parties(conversationId, alice, bob),
      'the climbing gym is at 12 Station road',
    );
    await sent.acked;

    // History indexing reads both conversations Bob can read.
    await expectFound(bob, 'harbour', ['meet at the harbour wall']);
    await expectFound(bob, 'climb', ['the climbing gym is at 12 Station road']);

    // Bob has the conversation open: its live page brings the edit, then the deletion.
    b.store.dispatch(chatScreenEntered());
    await eventually(() => expect(selectFriendRows(b.store.getState())).toHaveLength(1));
    b.store.dispatch(selectFriend(selectFriendRows(b.store.getState())[0]));
    await eventually(() => expect(b.store.getState().conversations.status).toBe('ready'));
    await editAs(alice, bob, conversationId, sent.id, 'the bouldering gym is at 12 Station road');
    await expectFound(bob, 'climbing', []);
    await expectFound(bob, 'boulder', ['the bouldering gym is at 12 Station road']);
    await deleteAs(alice, bob, conversationId, sent.id);
    await expectFound(bob, 'boulder', []);

    // Bob leaves the group: the rules stop his reads, his index forgets its messages.
    await b.store.dispatch(leaveGroup(groupId)).unwrap();
    await expectFound(bob, 'harbour', []);
    // Alice, still in it, finds it.
    await expectFound(alice, 'harbour', ['meet at the harbour wall']);
  });

  it('follows an edit and a deletion of the last message in a conversation not open', async () => {
    const alice = await signUp('Alice');
    const bob = await signUp('Bob');
    const { id: conversationId } = await befriend(alice, bob);
    const a = storeFor(alice);
    const b = storeFor(bob);
    stopAfterTest(a.stop, b.stop);
    await Promise.all([a.ready(), b.ready()]);
    const first = alice.conversations.direct.send(
      parties(conversationId, alice, bob),
      'lunch at noon?',
    );
    await first.acked;
    const sent = alice.conversations.direct.send(
      parties(conversationId, alice, bob),
      'the climbing gym is at 12 Station road',
    );
    await sent.acked;
    await expectFound(bob, 'climb', ['the climbing gym is at 12 Station road']);
    // Bob never opens the chat: only his inbox entry hears of the edit.
    expect(b.store.getState().conversations.status).not.toBe('ready');
    await editAs(alice, bob, conversationId, sent.id, 'the bouldering gym is at 12 Station road');
    await expectFound(bob, 'boulder', ['the bouldering gym is at 12 Station road']);
    await expectFound(bob, 'climbing', []);
    await deleteAs(alice, bob, conversationId, sent.id);
    await expectFound(bob, 'boulder', []);
    await expectFound(bob, 'lunch', ['lunch at noon?']);
  });

  it('follows an edit and a deletion of older messages in a conversation not open', async () => {
    const alice = await signUp('Alice');
    const bob = await signUp('Bob');
    const { id: conversationId } = await befriend(alice, bob);
    // More than a page: catching up with the newest messages does not read the first ones again.
    const text = (i: number) =>
      i === 3 ? 'meet at the harbour gate' : i === 4 ? 'the code is walnut' : `filler ${String(i)}`;
    const ids = await seedHistory(conversationId, bob, alice, HISTORY_PAGE_SIZE + 30, text);
    const a = storeFor(alice);
    stopAfterTest(a.stop);
    await a.ready();
    await expectFound(alice, 'harbour', ['meet at the harbour gate']);
    await expectFound(alice, 'walnut', ['the code is walnut']);
    expect(a.store.getState().conversations.status).not.toBe('ready');

    // Bob edits one and deletes the other (neither is the last message), then sends a new one:
    // her index has all three.
    const old = (i: number) => bob.conversations.direct.fetchOne(conversationId, ids[i] ?? '');
    const harbour = (await old(3)) as ConversationMessage;
    await bob.conversations.direct.edit(
      parties(conversationId, bob, alice),
      harbour,
      'meet at the lighthouse gate',
      false,
    );
    await bob.conversations.direct.remove(
      parties(conversationId, bob, alice),
      (await old(4)) as ConversationMessage,
      false,
    );
    await bob.conversations.direct.send(parties(conversationId, bob, alice), 'are you coming?')
      .acked;
    await expectFound(alice, 'coming', ['are you coming?']);
    await expectFound(alice, 'lighthouse', ['meet at the lighthouse gate']);
    await expectFound(alice, 'harbour', []);
    await expectFound(alice, 'walnut', []);
  });
});
