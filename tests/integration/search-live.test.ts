import { describe, expect, it } from 'vitest';
import { chatScreenEntered, selectFriend } from '../../src/features/conversations';
import { selectFriendRows } from '../../src/features/friends';
import { selectInboxEntry } from '../../src/features/inbox';
import { HISTORY_PAGE_SIZE } from '../../src/features/search/search-history';
import type { ConversationMessage } from '../../src/lib/firebase/conversations/message';
import { befriend, cleanBackendPerTest, eventually, storeFor } from './app-clients';
import { expectFound, parties, seedHistory } from './search-support';

// An edit or a delete for everyone of an OLDER message reaches the other
// party's index live (the change marker in their inbox entry), with nothing else sent.
const { signUp, stopAfterTest } = cleanBackendPerTest();

describe('the search index, live, while another conversation is open', () => {
  it("follows Bob's edit and delete of old messages at once, rows and counts unmoved", async () => {
    const alice = await signUp('Alice');
    const bob = await signUp('Bob');
    const carol = await signUp('Carol');
    const { id: conversationId } = await befriend(bob, alice);
    await befriend(carol, alice);
    const text = (i: number) =>
      i === 3 ? 'meet at the harbour gate' : i === 4 ? 'the code is walnut' : `filler ${String(i)}`;
    const ids = await seedHistory(conversationId, bob, alice, HISTORY_PAGE_SIZE + 30, text);

    const a = storeFor(alice);
    stopAfterTest(a.stop);
    await a.ready();
    await expectFound(alice, 'harbour', ['meet at the harbour gate']);
    await expectFound(alice, 'walnut', ['the code is walnut']);

    // Alice reads her conversation with Carol meanwhile.
    a.store.dispatch(chatScreenEntered());
    const carolRow = () =>
      selectFriendRows(a.store.getState()).find((row) => row.friend.uid === carol.uid);
    await eventually(() => expect(carolRow()).toBeDefined());
    a.store.dispatch(selectFriend(carolRow() as NonNullable<ReturnType<typeof carolRow>>));
    await eventually(() => expect(a.store.getState().conversations.status).toBe('ready'));
    const entryBefore = selectInboxEntry(a.store.getState(), `d:${conversationId}`);
    expect(entryBefore?.unread).toBeGreaterThan(0);

    const old = async (i: number) =>
      (await bob.conversations.direct.fetchOne(
        conversationId,
        ids[i] ?? '',
      )) as ConversationMessage;
    await bob.conversations.direct.edit(
      parties(conversationId, bob, alice),
      await old(3),
      'meet at the lighthouse gate',
      false,
    );
    await expectFound(alice, 'lighthouse', ['meet at the lighthouse gate']);
    await expectFound(alice, 'harbour', []);
    await bob.conversations.direct.remove(parties(conversationId, bob, alice), await old(4), false);
    await expectFound(alice, 'walnut', []);

    // Her row for Bob: same count, same last message and preview, same time (no reordering).
    const entryAfter = selectInboxEntry(a.store.getState(), `d:${conversationId}`);
    const { changedAt, ...rest } = entryAfter ?? {};
    expect(changedAt).toBeGreaterThan(0);
    expect(rest).toEqual(entryBefore);
    expect(a.store.getState().conversations.status).toBe('ready');
  });
});
