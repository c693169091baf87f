import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { encryptionStrings } from '../../src/features/encryption';
import { createIdentity } from '../../src/lib/crypto/signing';
import { adminGet, adminUpdate, browserPerSuite, describeBrowser, shot } from '../support/browser';
import { aliceAndBob, chat, hikersGroup } from '../support/conversation-steps';

// The database's operator replaces Bob's identity key. Alice's browser pinned the
// real one when she first opened the chat, and had verified it: her conversation now says
// 'Bob's security code changed', the 'Verified' badge goes, and it stays gone when the server
// puts the real key back. 'OK' takes the new key in, unverified.
const conversationId = '-Ne2eIdentityAliceB01';
const LONG_TEST_MS = 150_000;

const dialog = (page: Page) => page.getByRole('dialog', { name: encryptionStrings.verify });
const badge = (page: Page) =>
  chat(page).getByText(encryptionStrings.verifiedBadge, { exact: true });
const changedNotice = (page: Page) =>
  chat(page)
    .getByRole('status')
    .filter({ hasText: encryptionStrings.codeChanged('Bob') });

/** Polls the database until `check` passes (a device publishes its keys just after sign-in). */
async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describeBrowser('an identity key replaced by the operator', () => {
  const browser = browserPerSuite({ resetBackend: true });

  it(
    "shows 'Bob's security code changed' and drops the verification",
    async () => {
      const { bob, a } = await aliceAndBob(browser(), conversationId, { openChats: true });
      const identityPath = `identityKeys/${bob.uid}/publicKey`;
      await until(async () => typeof (await adminGet(identityPath)) === 'string', 'an identity');
      const real = (await adminGet(identityPath)) as string;

      // Alice compares the code and marks Bob verified: pinned in her browser.
      await chat(a)
        .getByRole('button', { name: encryptionStrings.verify, exact: true })
        .click({ timeout: 30_000 });
      await dialog(a).getByRole('listitem').nth(11).waitFor({ timeout: 20_000 });
      await dialog(a).getByRole('button', { name: encryptionStrings.markVerified }).click();
      await dialog(a).getByText(encryptionStrings.verifiedBadge, { exact: true }).waitFor();
      await a.keyboard.press('Escape');
      await dialog(a).waitFor({ state: 'detached' });
      await badge(a).waitFor();

      const forged = (await createIdentity()).identity.publicKey;
      await adminUpdate({ [identityPath]: forged });
      await changedNotice(a).waitFor({ timeout: 20_000 });
      expect(await changedNotice(a).textContent()).toContain("Bob's security code changed");
      await badge(a).waitFor({ state: 'detached' });
      await shot(a, 'identity-1-changed');

      // The server puts the real key back: Bob stays unverified on Alice's side.
      await adminUpdate({ [identityPath]: real });
      await changedNotice(a).waitFor({ state: 'detached', timeout: 20_000 });
      await chat(a)
        .getByRole('button', { name: encryptionStrings.verify, exact: true })
        .click({ timeout: 30_000 });
      await dialog(a).getByRole('listitem').nth(11).waitFor({ timeout: 20_000 });
      await dialog(a).getByRole('button', { name: encryptionStrings.markVerified }).waitFor();
      expect(await badge(a).count()).toBe(0);
      await a.keyboard.press('Escape');

      // Replaced again, 'OK' takes the new key in, unverified: the notice goes.
      await adminUpdate({ [identityPath]: forged });
      await changedNotice(a).waitFor({ timeout: 20_000 });
      await changedNotice(a).getByRole('button', { name: encryptionStrings.dismiss }).click();
      await changedNotice(a).waitFor({ state: 'detached', timeout: 20_000 });
      expect(await badge(a).count()).toBe(0);
    },
    LONG_TEST_MS,
  );

  it(
    "lists a group's members with their state in 'Verify members', and verifies one",
    async () => {
      const { bob, a } = await hikersGroup(browser(), '-Ne2eIdentityHikers01');
      await until(
        async () => typeof (await adminGet(`identityKeys/${bob.uid}/publicKey`)) === 'string',
        "Bob's identity",
      );
      await chat(a).getByRole('button', { name: encryptionStrings.verifyMembers }).click();
      const members = a.getByRole('dialog', { name: encryptionStrings.verifyMembers });
      const bobsRow = members.getByRole('listitem').filter({ hasText: 'Bob' });
      await bobsRow
        .getByText(encryptionStrings.memberState.unverified)
        .waitFor({ timeout: 20_000 });
      await shot(a, 'identity-2-members');
      await bobsRow.getByRole('button', { name: encryptionStrings.verifyMember('Bob') }).click();
      await dialog(a).getByRole('listitem').nth(11).waitFor({ timeout: 20_000 });
      await dialog(a).getByRole('button', { name: encryptionStrings.markVerified }).click();
      await dialog(a).getByText(encryptionStrings.verifiedBadge, { exact: true }).waitFor();
      // Closing the code goes back to the list, where Bob is verified now.
      await a.keyboard.press('Escape');
      await bobsRow.getByText(encryptionStrings.memberState.verified).waitFor({ timeout: 20_000 });
    },
    LONG_TEST_MS,
  );
});
