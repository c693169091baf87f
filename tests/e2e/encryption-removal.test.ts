import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { encryptionStrings } from '../../src/features/encryption';
import { createRecoveryKey } from '../../src/lib/crypto/recovery-key';
import { shellStrings } from '../../src/app/shell/shell-strings';
import { removeDeviceStrings } from '../../src/features/encryption/remove-device-strings';
import { removedDeviceStrings } from '../../src/features/encryption/removed-device-strings';
import { adminGet, browserPerSuite, describeBrowser, shot } from '../support/browser';
import { createPerson, loginPage } from './app-home-steps';

// Alice signs in on a second browser, approves it from the first, then removes it in Settings
// with her recovery key (a new device-signing key, so even a copy of its keys is locked out):
// the removed browser's open page says 'This device was removed' and its device key is gone
// from its IndexedDB, while the first browser keeps working.
const LONG_TEST_MS = 150_000;

/** Polls the database until `check` passes. */
async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const deviceIds = async (uid: string) => Object.keys((await adminGet(`deviceKeys/${uid}`)) ?? {});

/** Whether this browser still keeps a device key for `uid` (key-vault-idb.ts). */
const keepsDeviceKey = (page: Page, uid: string) =>
  page.evaluate(
    (owner) =>
      new Promise<boolean>((resolve, reject) => {
        const request = indexedDB.open('chatty-keys', 1);
        request.onerror = () => reject(new Error('IndexedDB refused to open'));
        request.onsuccess = () => {
          const get = request.result.transaction('devices').objectStore('devices').get(owner);
          get.onsuccess = () => resolve(get.result !== undefined);
          get.onerror = () => reject(new Error('IndexedDB read failed'));
        };
      }),
    uid,
  );

describeBrowser('removing a device', () => {
  const browser = browserPerSuite({ resetBackend: true });

  it(
    "shows 'This device was removed' on the removed browser's open page",
    async () => {
      const alice = await createPerson('Alice');
      const first = await loginPage(browser(), alice.email);
      await until(async () => (await deviceIds(alice.uid)).length === 1, 'the first device');
      await until(
        async () => typeof (await adminGet(`deviceLists/${alice.uid}/ids`)) === 'string',
        'the signed device list',
      );
      // Alice saves her recovery key, as the reminder asks: 'Remove' takes it below.
      await first.getByRole('button', { name: encryptionStrings.reminderAction }).click({
        timeout: 30_000,
      });
      const recoveryKey = (await first.getByTestId('recovery-key').textContent()) ?? '';
      expect(recoveryKey.replace(/\s/g, '')).toHaveLength(56);
      await first.getByRole('button', { name: encryptionStrings.savedIt }).click();
      await until(async () => (await adminGet(`keyBackup/${alice.uid}/savedAt`)) !== null, 'saved');
      const second = await loginPage(browser(), alice.email);
      await until(async () => (await deviceIds(alice.uid)).length === 2, 'the second device');

      const prompt = first.getByRole('region', { name: encryptionStrings.approvePrompt });
      await prompt.getByRole('button', { name: encryptionStrings.approve }).click({
        timeout: 30_000,
      });
      await until(
        async () => ((await adminGet(`deviceLists/${alice.uid}/ids`)) as string).includes(','),
        'the second device listed',
      );
      expect(await keepsDeviceKey(second, alice.uid)).toBe(true);

      await first.getByRole('link', { name: shellStrings.layout.settings }).click();
      await first.getByText(encryptionStrings.devicesTitle).waitFor();
      await first
        .getByRole('button', { name: encryptionStrings.removeLabel('Chrome on Linux') })
        .click();
      // The dialog asks for the recovery key: a wrong one is refused, the right one removes it
      // with a new device-signing key.
      const dialog = first.getByRole('dialog', {
        name: removeDeviceStrings.title('Chrome on Linux'),
      });
      const field = dialog.getByLabel(encryptionStrings.recoveryKeyLabel);
      await field.fill((await createRecoveryKey()).text);
      await dialog.getByRole('button', { name: encryptionStrings.remove, exact: true }).click();
      await dialog.getByText(encryptionStrings.recoveryRefused['wrong-key']).waitFor();
      expect(await deviceIds(alice.uid)).toHaveLength(2);
      await field.fill(recoveryKey);
      await shot(first, 'encryption-remove-with-recovery-key');
      await dialog.getByRole('button', { name: encryptionStrings.remove, exact: true }).click();

      const removed = second.getByRole('alertdialog', { name: removedDeviceStrings.title });
      await removed.waitFor({ timeout: 20_000 });
      expect(await removed.textContent()).toContain('This device was removed');
      await shot(second, 'encryption-removed-device');
      await until(async () => !(await keepsDeviceKey(second, alice.uid)), 'the key forgotten');
      expect(await deviceIds(alice.uid)).toHaveLength(1);
      expect(await adminGet(`deviceLists/${alice.uid}/signer/version`)).toBe(2);
      // The first browser is not covered: it goes on as before.
      expect(await first.getByRole('alertdialog').count()).toBe(0);
    },
    LONG_TEST_MS,
  );
});
