import { goOnline } from 'firebase/database';
import { describe, expect, it } from 'vitest';
import { sendMessage } from '../../src/features/conversations';
import { removeMessage } from '../../src/features/conversations/message-actions/conversations-actions-thunks';
import { toggleReaction } from '../../src/features/conversations/message-actions/conversations-reactions-thunks';
import { selectConversationMessages } from '../../src/features/conversations/timeline/conversations-selectors';
import {
  friendSelected,
  selectionCleared,
} from '../../src/features/conversations/timeline/conversations-slice';
import type { MessageImageUpload } from '../../src/lib/firebase/conversations/images';
import { adminGet } from '../support/backend';
import { cleanBackendPerTest, eventually } from './app-clients';
import { aliceOffline as aliceOfflineWith, storedMessages } from './conversations-outbox-steps';

// The outbox (docs/data-model.md, Sending offline) with the message actions, offline: a photo
// is held like a text, a reaction to a held message shows at once and follows it, and a reply
// to a held message deleted meanwhile still goes out.
const { signUp, stopAfterTest } = cleanBackendPerTest();
const aliceOffline = () => aliceOfflineWith(signUp, stopAfterTest);

const photo: MessageImageUpload = {
  full: `data:image/webp;base64,${'A'.repeat(2000)}`,
  thumb: `data:image/jpeg;base64,${'B'.repeat(200)}`,
  width: 160,
  height: 120,
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('photos in the outbox', () => {
  it('a photo sent offline is drawn pending with its image, and goes out once in order', async () => {
    const { alice, bob, conversationId, a, aliceApp, bobSaw, texts } = await aliceOffline();
    const first = a.dispatch(sendMessage('look at this'));
    const parties = {
      conversationId,
      from: { uid: alice.uid, name: 'Alice' },
      to: { uid: bob.uid, name: 'Bob' },
    };
    const sent = aliceApp.gateways.chatImages.send(parties, photo, 'the lake');
    await eventually(() => expect(texts()).toEqual(['look at this', 'the lake']));
    expect(selectConversationMessages(a.getState())[1]).toMatchObject({
      id: sent.id,
      image: { id: sent.id, width: 160, height: 120, caption: 'the lake' },
    });
    await pause(300);
    expect(await storedMessages(conversationId)).toEqual({});

    goOnline(alice.client.db);
    await first.unwrap();
    await sent.acked;
    await eventually(() => expect(bobSaw).toEqual(['look at this', 'the lake']));
    const stored = await storedMessages(conversationId);
    expect(Object.keys(stored)).toHaveLength(2);
    expect(stored[sent.id].kind).toBe('image');
    expect(await adminGet(`inbox/${bob.uid}/${conversationId}/unread`)).toBe(2);
  });

  it('a photo deleted for everyone while held sends nothing and moves no count', async () => {
    const { alice, bob, conversationId, a, aliceApp, bobSaw, texts } = await aliceOffline();
    const parties = {
      conversationId,
      from: { uid: alice.uid, name: 'Alice' },
      to: { uid: bob.uid, name: 'Bob' },
    };
    const wrong = aliceApp.gateways.chatImages.send(parties, photo, 'for Carol only');
    await eventually(() => expect(texts()).toEqual(['for Carol only']));
    await a.dispatch(removeMessage(wrong.id)).unwrap();
    // Settled (its 'Uploading…' ends) and gone from the screen, with no placeholder.
    await wrong.acked;
    expect(texts()).toEqual([]);
    const next = a.dispatch(sendMessage('sorry, wrong chat'));

    goOnline(alice.client.db);
    await next.unwrap();
    await eventually(() => expect(bobSaw).toEqual(['sorry, wrong chat']));
    const dump = JSON.stringify(await adminGet('/'));
    expect(dump).not.toContain(wrong.id);
    expect(await adminGet(`chatImages/${conversationId}`)).toBeNull();
    expect(Object.keys(await storedMessages(conversationId))).toHaveLength(1);
    expect(await adminGet(`inbox/${bob.uid}/${conversationId}/unread`)).toBe(1);
  });
});

describe('reactions to a held message', () => {
  it('shows at once, offline, and is delivered after the message', async () => {
    const { alice, bob, conversationId, a, b, texts, outgoing } = await aliceOffline();
    const sending = a.dispatch(sendMessage('see you at 8?'));
    await eventually(() => expect(texts()).toEqual(['see you at 8?']));
    const [{ id }] = outgoing();
    const mine = () =>
      selectConversationMessages(a.getState()).find((m) => m.id === id)?.reactions?.['👍']?.[
        alice.uid
      ];
    const reacting = a.dispatch(toggleReaction({ messageId: id, emoji: '👍' }));
    expect(mine()).toEqual(expect.any(Number));
    // Still shown a while later, offline, through whatever the held message's page reports.
    const later = a.dispatch(sendMessage('or 9'));
    await eventually(() => expect(texts()).toEqual(['see you at 8?', 'or 9']));
    await pause(300);
    expect(mine()).toEqual(expect.any(Number));
    // The conversation closed and opened again, still offline: drawn anew, with the reaction.
    a.dispatch(selectionCleared());
    await eventually(() => expect(a.getState().conversations.conversationId).toBeNull());
    a.dispatch(friendSelected({ uid: bob.uid, name: bob.username, photo: '' }));
    await eventually(() => expect(texts()).toEqual(['see you at 8?', 'or 9']));
    expect(mine()).toEqual(expect.any(Number));

    // Every order Alice's list takes from here: a held message is never drawn above one sent
    // before it that was just stored (its server time is later than this device's clock).
    const orders = new Set<string>();
    stopAfterTest(a.subscribe(() => orders.add(texts().join(' | '))));
    goOnline(alice.client.db);
    await sending.unwrap();
    await later.unwrap();
    await reacting.unwrap();
    await eventually(() =>
      expect(
        selectConversationMessages(b.getState()).find((m) => m.id === id)?.reactions?.['👍']?.[
          alice.uid
        ],
      ).toEqual(expect.any(Number)),
    );
    const stored = await storedMessages(conversationId);
    expect(Object.keys(stored[id].reactions ?? {})).toEqual(['👍']);
    await eventually(() => expect(mine()).toEqual(expect.any(Number)));
    expect([...orders].filter((order) => order.startsWith('or 9'))).toEqual([]);
    expect(texts()).toEqual(['see you at 8?', 'or 9']);
  });

  it('a reaction taken back, or to a message deleted while held, is never written', async () => {
    const { alice, bob, conversationId, a, bobSaw, texts, outgoing } = await aliceOffline();
    const kept = a.dispatch(sendMessage('kept'));
    const dropped = a.dispatch(sendMessage('dropped'));
    await eventually(() => expect(texts()).toEqual(['kept', 'dropped']));
    const [{ id: keptId }, { id: droppedId }] = outgoing();
    // Each settles once its message is written, or will never be.
    const reacting = [
      a.dispatch(toggleReaction({ messageId: keptId, emoji: '😂' })),
      a.dispatch(toggleReaction({ messageId: keptId, emoji: '😂' })),
      a.dispatch(toggleReaction({ messageId: droppedId, emoji: '❤️' })),
    ];
    await a.dispatch(removeMessage(droppedId)).unwrap();
    expect(selectConversationMessages(a.getState())[0]?.reactions).toBeUndefined();
    expect(texts()).toEqual(['kept']);

    goOnline(alice.client.db);
    await kept.unwrap();
    await dropped.unwrap();
    for (const done of reacting) await done.unwrap();
    await eventually(() => expect(bobSaw).toEqual(['kept']));
    await pause(300);
    const stored = await storedMessages(conversationId);
    expect(Object.keys(stored)).toEqual([keptId]);
    expect(stored[keptId].reactions).toBeUndefined();
    expect(await adminGet(`inbox/${bob.uid}/${conversationId}/reaction`)).toBeNull();
  });
});

describe('a reply to a held message deleted meanwhile', () => {
  it('is delivered, without the quote the rules would refuse; nothing is left failed', async () => {
    const { alice, bob, conversationId, a, bobSaw, texts, outgoing } = await aliceOffline();
    const original = a.dispatch(sendMessage('my PIN is 4711'));
    await eventually(() => expect(texts()).toEqual(['my PIN is 4711']));
    const [{ id: originalId }] = outgoing();
    const reply = a.dispatch(sendMessage({ text: 'ignore that', replyTo: originalId }));
    await eventually(() => expect(texts()).toHaveLength(2));
    await a.dispatch(removeMessage(originalId)).unwrap();
    await original.unwrap();
    expect(texts()).toEqual(['ignore that']);

    goOnline(alice.client.db);
    await reply.unwrap();
    expect(outgoing()).toEqual([]);
    await eventually(() => expect(bobSaw).toEqual(['ignore that']));
    const stored = Object.values(await storedMessages(conversationId));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.replyTo).toBeUndefined();
    expect(JSON.stringify(await adminGet('/'))).not.toContain(originalId);
    expect(await adminGet(`inbox/${bob.uid}/${conversationId}/unread`)).toBe(1);
  });
});
