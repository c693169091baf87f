import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { conversationsStrings } from '../../src/features/conversations/conversations-strings';
import { browserPerSuite, describeBrowser } from '../support/browser';
import {
  aliceAndBob,
  chat,
  hikersGroup,
  messageWithActions as message,
  openFriend,
  openGroup,
  openMessages,
  sendAndShow as send,
  typeAndSend,
} from '../support/conversation-steps';
import { offlineSwitch } from '../support/offline-switch';

// My message the server has not acknowledged yet stays at the bottom of the conversation, below
// a friend's message that arrives meanwhile (its time is only this device's estimate until then,
// earlier than the friend's stored time); acknowledged, it takes its server place: the same.
const conversationId = '-Ne2ePendingAliceBob1';
const groupId = '-Ne2ePendingHikers0001';
/** Two browsers, a reconnection and a held acknowledgement: beyond the default minute. */
const LONG_TEST_MS = 150_000;

/** The texts of the conversation's messages, top to bottom. */
const texts = (page: Page) =>
  chat(page)
    .locator('[data-message-body]')
    .evaluateAll((bodies) => bodies.map((body) => body.textContent));
const sending = (page: Page, text: string) =>
  message(page, text).getByRole('img', { name: conversationsStrings.inbox.sending });

describeBrowser('my pending message in two browsers', () => {
  const browser = browserPerSuite({ resetBackend: true });

  it.each([
    [
      'one-to-one',
      () => aliceAndBob(browser(), conversationId, { openChats: true }),
      (page: Page) => openFriend(page, 'Bob'),
    ],
    ['group', () => hikersGroup(browser(), groupId), (page: Page) => openGroup(page)],
  ] as const)(
    '%s: stays below a message that arrives before its acknowledgement, then keeps its place',
    async (_kind, open, reopen) => {
      const { a, b } = await open();
      // Alice's sockets through a route (taken by a page loaded since), where what she sends
      // can be held.
      const network = await offlineSwitch(a);
      await a.reload();
      await openMessages(a);
      await reopen(a);
      // Through it, keys and listeners in place both ways (nothing Alice needs is held below).
      await send(b, 'ready?');
      await message(a, 'ready?').waitFor({ timeout: 20_000 });
      await send(a, 'yes');
      await message(b, 'yes').waitFor({ timeout: 20_000 });
      await sending(a, 'yes').waitFor({ state: 'detached', timeout: 20_000 });

      network.hold();
      await typeAndSend(a, 'mine, sent first');
      await sending(a, 'mine, sent first').waitFor();

      // Bob's, stored while Alice's is held, reaches her: hers stays last, still pending.
      await send(b, 'his, stored first');
      await message(a, 'his, stored first').waitFor({ timeout: 20_000 });
      expect(await texts(a)).toEqual(['ready?', 'yes', 'his, stored first', 'mine, sent first']);
      expect(await sending(a, 'mine, sent first').count()).toBe(1);

      // Acknowledged: its server place, the same, for both.
      network.release();
      await sending(a, 'mine, sent first').waitFor({ state: 'detached', timeout: 20_000 });
      await message(b, 'mine, sent first').waitFor({ timeout: 20_000 });
      const order = ['ready?', 'yes', 'his, stored first', 'mine, sent first'];
      expect(await texts(a)).toEqual(order);
      expect(await texts(b)).toEqual(order);
    },
    LONG_TEST_MS,
  );
});
