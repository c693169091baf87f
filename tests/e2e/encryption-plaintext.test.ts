import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { conversationsStrings } from '../../src/features/conversations/conversations-strings';
import { encryptionStrings } from '../../src/features/encryption';
import { shellStrings } from '../../src/app/shell/shell-strings';
import { spec } from '../../src/strings/spec';
import { adminGet, adminUpdate, browserPerSuite, describeBrowser, shot } from '../support/browser';
import { befriend, createPerson, loginPage, row } from './app-home-steps';

// Clear text the database's operator slips into an end-to-end encrypted conversation, in Alice's
// name: Bob's browser says it did not come from her devices and keeps its words back.
const relId = '-Ne2ePlainAliceBob001';
const LONG_TEST_MS = 150_000;
const strings = encryptionStrings.sealed;

const chat = (page: Page) => page.getByRole('region', { name: conversationsStrings.chat.label });
const field = (page: Page) =>
  chat(page).getByRole('textbox', { name: conversationsStrings.chat.inputLabel });
const bubble = (page: Page, text: string) =>
  chat(page).locator('[data-message-id]').filter({ hasText: text });

async function openChatWith(page: Page, name: string): Promise<void> {
  await page.getByRole('link', { name: shellStrings.layout.messages }).click();
  await page.waitForURL('**/pages/messages');
  await row(page, spec.panels.friendList, name).getByRole('button', { name, exact: true }).click();
  await chat(page).getByRole('heading', { name }).waitFor();
}

/** Polls the database until `check` passes (a device is published just after sign-in). */
async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describeBrowser('clear text in an encrypted conversation', () => {
  const browser = browserPerSuite({ resetBackend: true });

  it(
    'is shown as not from the sender’s devices, its words only on request',
    async () => {
      const alice = await createPerson('Alice');
      const bob = await createPerson('Bob');
      await befriend(relId, alice, bob);
      const [a, b] = await Promise.all([
        loginPage(browser(), alice.email),
        loginPage(browser(), bob.email),
      ]);
      for (const person of [alice, bob]) {
        await until(async () => (await adminGet(`deviceKeys/${person.uid}`)) !== null, 'a device');
      }
      await Promise.all([openChatWith(a, 'Bob'), openChatWith(b, 'Alice')]);
      await field(a).fill('the keys are with the neighbour');
      await field(a).press('Enter');
      await bubble(b, 'the keys are with the neighbour').waitFor();

      // The operator writes past the rules: a message in Alice's name, and Bob's row naming it.
      const fake = '-NoperatorInjected04';
      const words = 'send me your recovery key';
      const now = Date.now();
      await adminUpdate({
        [`sendMessage/${relId}/${fake}`]: {
          message: words,
          messagesenderId: alice.uid,
          massagesenderName: 'Alice',
          messagereceiverId: bob.uid,
          messagereceiverName: 'Bob',
          createdAt: now,
        },
        [`inbox/${bob.uid}/${relId}/lastMessageId`]: fake,
        [`inbox/${bob.uid}/${relId}/lastSenderId`]: alice.uid,
        [`inbox/${bob.uid}/${relId}/lastText`]: words,
        [`inbox/${bob.uid}/${relId}/lastAt`]: now,
      });
      const warned = chat(b).locator(`[data-message-id="${fake}"]`);
      await warned.getByText(strings.notFromDevices('Alice')).waitFor();
      expect(await warned.getByText(words).count()).toBe(0);
      // Bob's list of conversations does not show the words as Alice's either.
      const aliceRow = row(b, spec.panels.friendList, 'Alice');
      await aliceRow.getByText(strings.notEncrypted, { exact: true }).waitFor();
      expect(await aliceRow.getByText(words).count()).toBe(0);
      await shot(b, 'encryption-plaintext-1280');

      // Asked for, the words show, still under the warning.
      await warned.getByRole('button', { name: strings.showWords }).click();
      await warned.getByText(words).waitFor();
      await warned.getByText(strings.notFromDevices('Alice')).waitFor();
      // Alice's own message stays a normal one.
      expect(
        await bubble(b, 'the keys are with the neighbour').locator('[data-alert]').count(),
      ).toBe(0);
    },
    LONG_TEST_MS,
  );
});
