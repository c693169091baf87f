import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { encryptionStrings } from '../../src/features/encryption';
import { adminGet, browserPerSuite, describeBrowser, shot } from '../support/browser';
import { aliceAndBob, chat, openFriend, openMessages } from '../support/conversation-steps';
import { loginPage } from './app-home-steps';

// 'Verify security code' shows the same 60 digits in both browsers, 'Mark as
// verified' sticks, and a new device of Bob's changes neither the code nor the verification (the
// code is made of identity keys; a changed one is encryption-identity.test.ts).
const conversationId = '-Ne2eSecurityCodeAB01';
const LONG_TEST_MS = 150_000;

const dialog = (page: Page) => page.getByRole('dialog', { name: encryptionStrings.verify });

/** Opens 'Verify security code' in the open chat and reads its digits once worked out. */
async function readCode(page: Page, friendName: string): Promise<string> {
  // The header has the button; with the changed-code notice shown, the notice has one too.
  await chat(page)
    .getByRole('button', { name: encryptionStrings.verify, exact: true })
    .first()
    .click({ timeout: 30_000 });
  const groups = dialog(page)
    .getByRole('list', { name: encryptionStrings.codeLabel(friendName) })
    .getByRole('listitem');
  // Twelve groups of five: the code is worked out (10,400 SHA-512 rounds) after the dialog opens.
  await groups.nth(11).waitFor({ timeout: 20_000 });
  return (await groups.allInnerTexts()).join('');
}

async function deviceCount(uid: string): Promise<number> {
  return Object.keys((await adminGet(`deviceKeys/${uid}`)) ?? {}).length;
}

describeBrowser('security code between two browsers', () => {
  const browser = browserPerSuite({ resetBackend: true });

  it(
    'matches on both sides, is marked verified, and stays when Bob signs in on a new device',
    async () => {
      const { bob, a, b } = await aliceAndBob(browser(), conversationId, { openChats: true });

      const [aliceSees, bobSees] = await Promise.all([readCode(a, 'Bob'), readCode(b, 'Alice')]);
      expect(aliceSees).toMatch(/^\d{60}$/);
      expect(bobSees).toBe(aliceSees);

      await dialog(a).getByRole('button', { name: encryptionStrings.markVerified }).click();
      await dialog(a).getByText(encryptionStrings.verifiedBadge, { exact: true }).waitFor();
      await dialog(a).getByRole('button', { name: encryptionStrings.unmarkVerified }).waitFor();
      await shot(a, 'security-code-1-verified');
      await a.keyboard.press('Escape');
      await dialog(a).waitFor({ state: 'detached' });
      await b.keyboard.press('Escape');
      const badge = chat(a).getByText(encryptionStrings.verifiedBadge, { exact: true });
      await badge.waitFor();
      // Marking is Alice's own record: Bob's side stays unverified.
      expect(
        await chat(b).getByText(encryptionStrings.verifiedBadge, { exact: true }).count(),
      ).toBe(0);

      // Bob signs in on a second browser: a new device key joins his published ones.
      const b2 = await loginPage(browser(), bob.email);
      const deadline = Date.now() + 20_000;
      while ((await deviceCount(bob.uid)) < 2) {
        if (Date.now() > deadline) throw new Error("Bob's second device was not published");
        await new Promise((resolve) => setTimeout(resolve, 200));
      }

      // The code is made of identity keys: a new device changes nothing, and Alice's
      // verification stands (the device itself gets nothing until Bob approves it).
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(
        await chat(a)
          .getByRole('status')
          .filter({ hasText: encryptionStrings.codeChanged('Bob') })
          .count(),
      ).toBe(0);
      await badge.waitFor();
      const aliceNow = await readCode(a, 'Bob');
      expect(aliceNow).toBe(aliceSees);
      await dialog(a).getByRole('button', { name: encryptionStrings.unmarkVerified }).waitFor();
      await shot(a, 'security-code-2-new-device');
      await openMessages(b2);
      await openFriend(b2, 'Alice');
      expect(await readCode(b2, 'Alice')).toBe(aliceSees);
    },
    LONG_TEST_MS,
  );
});
