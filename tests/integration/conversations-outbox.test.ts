import { goOnline } from 'firebase/database';
import { describe, expect, it } from 'vitest';
import { sendMessage } from '../../src/features/conversations';
import {
  editMessage,
  removeMessage,
} from '../../src/features/conversations/message-actions/conversations-actions-thunks';
import { selectConversationMessages } from '../../src/features/conversations/timeline/conversations-selectors';
import { directKey } from '../../src/lib/conversation-key';
import { adminGet } from '../support/backend';
import { cleanBackendPerTest, eventually } from './app-clients';
import { aliceOffline as aliceOfflineWith, storedMessages } from './conversations-outbox-steps';

// The outbox (docs/data-model.md, Sending offline), in sealed conversations: a message sent
// offline shows at once even when it is the first one this session (its epoch key cannot be
// made offline), and an edit or a delete of it made offline changes what reaches the server.
const { signUp, stopAfterTest } = cleanBackendPerTest();

const aliceOffline = () => aliceOfflineWith(signUp, stopAfterTest);

describe('the outbox in a sealed conversation', () => {
  it('draws a first message sent offline at once, and delivers it once, sealed', async () => {
    const { alice, conversationId, a, b, bobSaw, texts, outgoing } = await aliceOffline();
    const sending = a.dispatch(sendMessage('the keys are under the mat'));
    await eventually(() => expect(texts()).toEqual(['the keys are under the mat']));
    expect(outgoing()).toMatchObject([{ state: 'pending', text: 'the keys are under the mat' }]);
    const [{ id }] = outgoing();
    // Still offline a while later: drawn, pending, and nothing written, not even its epoch.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(texts()).toEqual(['the keys are under the mat']);
    expect(await storedMessages(conversationId)).toEqual({});

    goOnline(alice.client.db);
    await sending.unwrap();
    expect(outgoing()).toEqual([]);
    await eventually(() => expect(bobSaw).toEqual(['the keys are under the mat']));
    expect(selectConversationMessages(b.getState())[0]).toMatchObject({ id, sealed: 'open' });
    const stored = await storedMessages(conversationId);
    expect(Object.keys(stored)).toEqual([id]);
    expect(stored[id].message).toMatch(/^s2\./);
    expect(stored[id].messagesenderId).toBe(alice.uid);
    expect(JSON.stringify(await adminGet('/'))).not.toContain('under the mat');
    expect(texts()).toEqual(['the keys are under the mat']);
  });

  it('a message deleted for everyone while held never reaches the server nor moves a count', async () => {
    const { alice, bob, conversationId, a, bobSaw, texts, outgoing } = await aliceOffline();
    const wrong = a.dispatch(sendMessage('my PIN is 4711'));
    await eventually(() => expect(texts()).toEqual(['my PIN is 4711']));
    const [{ id: wrongId }] = outgoing();
    await a.dispatch(removeMessage(wrongId)).unwrap();
    await wrong.unwrap();
    // Gone, not 'This message was deleted': it never existed for anyone else.
    expect(texts()).toEqual([]);
    expect(outgoing()).toEqual([]);
    // A later message, held too: once Bob has it, the outbox has been delivered.
    const next = a.dispatch(sendMessage('see you at 8'));
    await eventually(() => expect(texts()).toEqual(['see you at 8']));

    goOnline(alice.client.db);
    await next.unwrap();
    await eventually(() => expect(bobSaw).toEqual(['see you at 8']));
    const dump = JSON.stringify(await adminGet('/'));
    expect(dump).not.toContain(wrongId);
    // The words as written: four digits alone turn up in sealed values' base64 by chance.
    expect(dump).not.toContain('my PIN is 4711');
    expect(Object.keys(await storedMessages(conversationId))).toHaveLength(1);
    // Bob's count has the one message he got, nothing for the withdrawn one.
    expect(await adminGet(`inbox/${bob.uid}/${conversationId}/unread`)).toBe(1);
    expect(await adminGet(`inbox/${alice.uid}/${conversationId}/lastMessageId`)).not.toBe(wrongId);
  });

  it('a message edited while held is delivered once, with the new text and no Edited mark', async () => {
    const { alice, bob, conversationId, a, b, bobSaw, texts, outgoing } = await aliceOffline();
    const sending = a.dispatch(sendMessage('meet at the statoin'));
    await eventually(() => expect(texts()).toEqual(['meet at the statoin']));
    const [{ id }] = outgoing();
    await a.dispatch(editMessage({ id, text: 'meet at the station' })).unwrap();
    expect(texts()).toEqual(['meet at the station']);
    expect(outgoing()).toMatchObject([{ id, state: 'pending' }]);

    goOnline(alice.client.db);
    await sending.unwrap();
    await eventually(() => expect(bobSaw).toEqual(['meet at the station']));
    const stored = await storedMessages(conversationId);
    expect(Object.keys(stored)).toEqual([id]);
    expect(stored[id].editedAt).toBeUndefined();
    expect(selectConversationMessages(b.getState())[0]?.editedAt).toBeUndefined();
    expect(await adminGet(`inbox/${bob.uid}/${conversationId}/unread`)).toBe(1);
    await eventually(() =>
      expect(b.getState().inbox.entries[directKey(conversationId)]?.lastText).toBe(
        'meet at the station',
      ),
    );
    expect(JSON.stringify(await adminGet('/'))).not.toContain('statoin');
  });
});
