import { describe, expect, it } from 'vitest';
import { selectConversationMessages } from '../../src/features/conversations/timeline/conversations-selectors';
import {
  chatScreenEntered,
  friendSelected,
  MESSAGE_PAGE_SIZE,
  olderRequested,
} from '../../src/features/conversations/timeline/conversations-slice';
import { adminUpdate } from '../support/backend';
import {
  equalAtPageBoundaries,
  longChatPaths,
  messageText,
  oneASecond,
  writeInThousands,
  type TimeLayout,
} from '../support/long-conversation';
import { befriend, cleanBackendPerTest, eventually, storeFor, type Person } from './app-clients';

const { signUp, stopAfterTest } = cleanBackendPerTest();

/**
 * Alice's app on a `count`-message conversation with Bob, paged back through the real gateway
 * (as scrolling to the top does) until it says nothing older is left; her loaded messages.
 */
async function pageBackThrough(
  count: number,
  timeOf: TimeLayout,
  spoil: (paths: Record<string, unknown>) => void = () => undefined,
) {
  const alice = await signUp('Alice');
  const bob = await signUp('Bob');
  const { id: conversationId } = await befriend(alice, bob);
  const paths = longChatPaths(conversationId, [alice, bob], count, timeOf);
  spoil(paths);
  await writeInThousands(adminUpdate, paths);
  const app = storeFor(alice);
  stopAfterTest(app.stop);
  app.store.dispatch(chatScreenEntered());
  app.store.dispatch(friendSelected({ uid: bob.uid, name: bob.username, photo: '' }));
  const chat = () => app.store.getState().conversations;
  // Her device signed first: the keys it gains reopen the conversation from the newest.
  await eventually(() => {
    const { signed, thisDevice } = app.store.getState().encryption;
    expect(signed).toContain(thisDevice);
  }, 20_000);
  await eventually(() => expect(chat().status).toBe('ready'), 20_000);
  // Every page but the last is full: a bound well over what is needed, so a loop shows as such.
  for (let asked = 0; !chat().olderExhausted; asked++) {
    expect(asked).toBeLessThan(count / MESSAGE_PAGE_SIZE + 2);
    app.store.dispatch(olderRequested());
    await eventually(() => expect(chat().loadingOlder).toBe(false), 20_000);
  }
  return { alice, bob, texts: selectConversationMessages(app.store.getState()).map((m) => m.text) };
}

/** Every message of the conversation, oldest first, once. */
const wholeConversation = (count: number, [a, b]: [Person, Person]) =>
  Array.from({ length: count }, (_, i) => messageText(i, i % 2 ? b : a));

describe('paging back to the first message', () => {
  it('reaches the first of 10,000 messages, the oldest at a page boundary', async () => {
    // 50 in the live window and 199 full pages: only an empty page says nothing is older.
    const { alice, bob, texts } = await pageBackThrough(10_000, oneASecond);
    expect(texts).toEqual(wholeConversation(10_000, [alice, bob]));
  }, 240_000);

  it('reaches it with equal times across every page boundary and at the start', async () => {
    // Three on each side of each boundary share a time, as do the 60 oldest (more than a
    // page); the last page is short (23).
    const count = 10_023;
    const { alice, bob, texts } = await pageBackThrough(count, equalAtPageBoundaries());
    expect(texts).toEqual(wholeConversation(count, [alice, bob]));
  }, 240_000);

  it('goes on past a stored record the app cannot read', async () => {
    // Message 40 (in the page of 20 to 69) lost its receiver's name: the app leaves it out, and
    // that page still is not the conversation's start.
    const count = 120;
    const spoilt = 40;
    const { alice, bob, texts } = await pageBackThrough(count, oneASecond, (paths) => {
      const [path, record] = Object.entries(paths)[spoilt];
      paths[path] = { ...(record as object), messagereceiverName: null };
    });
    const readable = wholeConversation(count, [alice, bob]).filter((_, i) => i !== spoilt);
    expect(texts).toEqual(readable);
  });
});
