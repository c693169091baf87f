import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { conversationsStrings } from '../../src/features/conversations/conversations-strings';
import { encryptionStrings } from '../../src/features/encryption';
import { shellStrings } from '../../src/app/shell/shell-strings';
import { spec } from '../../src/strings/spec';
import { adminGet, adminUpdate, browserPerSuite, describeBrowser, shot } from '../support/browser';
import { befriend, createPerson, loginPage, row } from './app-home-steps';

// A conversation between two browsers (each its own device key in IndexedDB)
// whose database holds no word of it, and a tampered message shown as one that did not decrypt.
const conversationId = '-Ne2eSealedAliceBob01';
const LONG_TEST_MS = 150_000;

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

async function send(page: Page, text: string): Promise<void> {
  await field(page).fill(text);
  await field(page).press('Enter');
  await bubble(page, text).waitFor();
}

/** Polls the database until `check` passes (a device is published just after sign-in). */
async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describeBrowser('end-to-end encryption between two browsers', () => {
  const browser = browserPerSuite({ resetBackend: true });

  it(
    'keeps every word out of the database, and shows a tampered message as undecryptable',
    async () => {
      const alice = await createPerson('Alice');
      const bob = await createPerson('Bob');
      await befriend(conversationId, alice, bob);
      const [a, b] = await Promise.all([
        loginPage(browser(), alice.email),
        loginPage(browser(), bob.email),
      ]);
      for (const person of [alice, bob]) {
        await until(async () => (await adminGet(`deviceKeys/${person.uid}`)) !== null, 'a device');
      }
      // The directory friends read holds the key alone; the browser's name and its last use are
      // in Alice's own deviceSeen, shown in her 'Your devices'.
      const [aliceDevice, ...others] = Object.entries(
        (await adminGet(`deviceKeys/${alice.uid}`)) as Record<string, object>,
      );
      expect(others).toEqual([]);
      const [deviceId, published] = aliceDevice;
      expect(Object.keys(published).sort()).toEqual([
        'approvedBy',
        'createdAt',
        'publicKey',
        'signature',
      ]);
      expect(await adminGet(`deviceSeen/${alice.uid}/${deviceId}`)).toEqual({
        label: 'Chrome on Linux',
        lastSeenAt: expect.any(Number) as number,
      });
      await a.getByRole('link', { name: shellStrings.layout.settings }).click();
      await a.getByText(encryptionStrings.devicesTitle).waitFor();
      await a.getByText('Chrome on Linux').getByText(encryptionStrings.thisDevice).waitFor();
      await a.getByText(/^Last used /).waitFor();
      await Promise.all([openChatWith(a, 'Bob'), openChatWith(b, 'Alice')]);

      await send(a, 'the key is under the blue flowerpot');
      await bubble(b, 'the key is under the blue flowerpot').waitFor();
      await send(b, 'thanks, see you at the bakery');
      await bubble(a, 'thanks, see you at the bakery').waitFor();
      // Sealed messages carry no 'Not encrypted' mark; the row's preview is opened too.
      expect(await chat(b).locator('[data-not-encrypted]').count()).toBe(0);
      await row(b, spec.panels.friendList, 'Alice').waitFor();

      // A draft Alice typed and did not send is kept for her other devices, sealed: the dump is
      // taken while it is stored.
      await field(a).fill('meet me at the lighthouse');
      const draftPath = `drafts/${alice.uid}/direct/${conversationId}/text`;
      await until(async () => (await adminGet(draftPath)) !== null, 'the draft');
      expect(await adminGet(draftPath)).toMatch(/^s1\./);
      const dump = JSON.stringify(await adminGet('/'));
      for (const word of ['flowerpot', 'blue', 'bakery', 'lighthouse']) {
        expect(dump).not.toContain(word);
      }
      const stored = ((await adminGet(`sendMessage/${conversationId}`)) ?? {}) as Record<
        string,
        { message: string; messagesenderId: string }
      >;
      const [id, first] =
        Object.entries(stored).find(([, m]) => m.messagesenderId === alice.uid) ?? [];
      if (!id || !first) throw new Error("Alice's message is not stored");
      expect(first.message).toMatch(/^s2\./);

      // The owner flips one character of the ciphertext: Bob's bubble says it did not decrypt.
      const flipped = first.message.at(-3) === 'A' ? 'B' : 'A';
      await adminUpdate({
        [`sendMessage/${conversationId}/${id}/message`]: `${first.message.slice(0, -3)}${flipped}${first.message.slice(-2)}`,
      });
      await chat(b).getByText(encryptionStrings.sealed.failed).waitFor();
      expect(await bubble(b, 'flowerpot').count()).toBe(0);
      await bubble(b, 'thanks, see you at the bakery').waitFor();
      await shot(b, 'encryption-tampered-1280');
    },
    LONG_TEST_MS,
  );
});
