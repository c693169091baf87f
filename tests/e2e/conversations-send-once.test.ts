/**
 * Exactly-once sends in the browser: the database commits a message but its acknowledgement is
 * lost with the connection (our emulator's test control). The SDK sends it again on reconnect
 * and the rules refuse the repeat; the sender must see the message as sent, never 'Not sent'
 * with a Retry, and it must be stored and counted once.
 */
import { expect, it } from 'vitest';
import { conversationsStrings } from '../../src/features/conversations/conversations-strings';
import { shellStrings } from '../../src/app/shell/shell-strings';
import { spec } from '../../src/strings/spec';
import {
  adminGet,
  armedAckDrops,
  browserPerSuite,
  describeBrowser,
  dropNextAck,
} from '../support/browser';
import { befriend, createPerson, loginPage, row } from './app-home-steps';
const conversationId = '-Ne2eSendOnceAliceBob';

describeBrowser('a message delivered but not acknowledged', () => {
  const browser = browserPerSuite({ resetBackend: true });

  it.skipIf(process.env.USE_OFFICIAL_EMULATORS === '1')(
    'shows as sent, once, with one unread for the friend',
    async () => {
      const alice = await createPerson('Alice');
      const bob = await createPerson('Bob');
      await befriend(conversationId, alice, bob);
      const a = await loginPage(browser(), alice.email);
      await a.getByRole('link', { name: shellStrings.layout.messages }).click();
      await a.waitForURL('**/pages/messages');
      const chat = a.getByRole('region', { name: conversationsStrings.chat.label });
      await row(a, spec.panels.friendList, 'Bob')
        .getByRole('button', { name: 'Bob', exact: true })
        .click();
      await chat.getByText(conversationsStrings.chat.sayHello('Bob')).waitFor();

      expect(await dropNextAck(`sendMessage/${conversationId}`)).toBe(1);
      const field = chat.getByRole('textbox', { name: conversationsStrings.chat.inputLabel });
      await field.fill('Delivered exactly once');
      await field.press('Enter');
      await chat.getByText('Delivered exactly once').waitFor();
      // The connection dropped before the acknowledgement; the SDK reconnects and repeats it.
      await expect.poll(armedAckDrops, { timeout: 10_000 }).toBe(0);
      await chat
        .getByRole('img', { name: conversationsStrings.inbox.sending })
        .waitFor({ state: 'detached', timeout: 30_000 });
      await chat.getByText(conversationsStrings.inbox.sent, { exact: true }).waitFor();
      expect(
        await a.getByRole('list', { name: conversationsStrings.inbox.failedList }).count(),
      ).toBe(0);
      expect(await chat.getByText(conversationsStrings.inbox.failed, { exact: true }).count()).toBe(
        0,
      );

      const stored = (await adminGet(`sendMessage/${conversationId}`)) as Record<string, unknown>;
      expect(Object.keys(stored)).toHaveLength(1);
      expect(await adminGet(`inbox/${bob.uid}/${conversationId}/unread`)).toBe(1);
    },
  );
});
