import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { authStrings } from '../../src/features/auth/auth-strings';
import { shellStrings } from '../../src/app/shell/shell-strings';
import { spec } from '../../src/strings/spec';
import {
  adminGet,
  browserPerSuite,
  appUrl,
  createTestUser,
  describeBrowser,
  getOobCodes,
  newPage,
  shot,
} from '../support/browser';
import { fillLoginForm, password } from './app-home-steps';

async function fillLogin(page: Page, email: string, pw: string) {
  await fillLoginForm(page, email, pw);
  await page.getByLabel(authStrings.auth.passwordLabel, { exact: true }).press('Enter');
}

const toast = (page: Page, text: string) =>
  page.locator('.Toastify__toast', { hasText: text }).first();

/** Waits for a toast and for its entry animation, so a screenshot shows it in place. */
async function toastShown(page: Page, text: string) {
  const t = toast(page, text);
  await t.waitFor();
  await t.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
}

async function storedActiveUser(page: Page): Promise<{ uid: string; email: string } | null> {
  const raw = await page.evaluate(() => localStorage.getItem('activeUser'));
  return raw ? (JSON.parse(raw) as { uid: string; email: string }) : null;
}

describeBrowser('accounts in Chromium against the emulators', () => {
  const browser = browserPerSuite({ resetBackend: true });

  it('registers, verifies the e-mail, logs in, survives a reload and logs out', async () => {
    const page = await newPage(browser());
    await page.goto(appUrl('/'));
    await page.getByRole('button', { name: spec.auth.signUp }).click();
    await page.getByText(spec.validation.registerEmailRequired).waitFor();
    await shot(page, 'auth-register-errors');

    await page.getByLabel(authStrings.auth.emailLabel, { exact: true }).fill('sara@example.com');
    await page.getByLabel(authStrings.auth.fullNameLabel, { exact: true }).fill('Sara_Lee');
    await page.getByLabel(authStrings.auth.passwordLabel, { exact: true }).fill(password);
    await shot(page, 'auth-register-filled');
    const submittedAt = Date.now();
    await page.getByLabel(authStrings.auth.passwordLabel, { exact: true }).press('Enter');

    await toast(page, spec.toast.accountCreated).waitFor();
    const shownAt = Date.now();
    await toastShown(page, spec.toast.verificationSent1);
    await toastShown(page, spec.toast.verificationSent2);
    await toastShown(page, spec.toast.accountCreated);
    await shot(page, 'auth-register-toasts');
    await page.waitForURL('**/login');
    // The spec's 2 s run from the registration, which the submit precedes; the toast can be
    // drawn a moment after it (its chunk, a busy machine), so from the toast seen it is less.
    expect(Date.now() - submittedAt).toBeGreaterThanOrEqual(2000);
    expect(Date.now() - shownAt).toBeGreaterThan(1000);

    const verify = (await getOobCodes()).find(
      (c) => c.email === 'sara@example.com' && c.requestType === 'VERIFY_EMAIL',
    );
    expect(verify).toBeDefined();
    const linkPage = await page.context().newPage();
    await linkPage.goto(verify!.oobLink);
    await expect(linkPage.textContent('body')).resolves.toContain('successfully verified');
    await shot(linkPage, 'auth-verify-link');
    await linkPage.close();

    await fillLogin(page, 'sara@example.com', password);
    await toastShown(page, spec.toast.loginSuccess);
    await shot(page, 'auth-login-success');
    await page.waitForURL('**/pages/home');
    const sidebar = page.getByRole('complementary', { name: shellStrings.layout.sidebar });
    await sidebar.getByText('Sara_Lee').waitFor();
    await shot(page, 'auth-home-signed-in');

    const stored = await storedActiveUser(page);
    expect(stored).toMatchObject({ email: 'sara@example.com' });
    await expect(adminGet(`users/${stored!.uid}`)).resolves.toEqual({
      username: 'Sara_Lee',
      photo: '/default-avatar.svg',
      usernameLower: 'sara_lee',
    });
    await expect(adminGet(`userPrivate/${stored!.uid}`)).resolves.toEqual({
      email: 'sara@example.com',
    });

    await page.reload();
    await sidebar.getByText('Sara_Lee').waitFor();
    expect(new URL(page.url()).pathname).toBe('/pages/home');

    await page.getByRole('button', { name: shellStrings.layout.logout }).click();
    await page.waitForURL('**/login');
    expect(await storedActiveUser(page)).toBeNull();
    expect(await toast(page, spec.toast.loginFailed).count()).toBe(0);
    await page.goto(appUrl('/pages/home'));
    await page.waitForURL('**/login');
  });

  it('refuses an unverified account, which then cannot open home', async () => {
    await createTestUser({ email: 'new@example.com', password, verified: false });
    const page = await newPage(browser());
    await page.goto(appUrl('/login'));
    await fillLogin(page, 'new@example.com', password);
    await toastShown(page, spec.toast.emailNotVerified);
    await shot(page, 'auth-login-unverified');
    expect(await storedActiveUser(page)).toBeNull();

    await page.goto(appUrl('/pages/home'));
    await page.waitForURL('**/login');
    await toastShown(page, spec.toast.loginFailed);
    await shot(page, 'auth-signed-out-redirect');
  });

  it("answers a wrong password and an unknown e-mail with 'Invalid Email or Password'", async () => {
    await createTestUser({ email: 'sara@example.com', password });
    const page = await newPage(browser());
    await page.goto(appUrl('/login'));
    await page.getByRole('button', { name: spec.auth.loginToContinue }).click();
    await page.getByText(spec.validation.loginEmailRequired).waitFor();
    await shot(page, 'auth-login-errors');

    await fillLogin(page, 'sara@example.com', 'Wrong1234');
    await toastShown(page, spec.toast.invalidCredential);
    await shot(page, 'auth-login-wrong-password');
    await page.locator('.Toastify__toast').first().click(); // dismiss
    await page.getByLabel(authStrings.auth.passwordLabel, { exact: true }).fill('');
    await fillLogin(page, 'nobody@example.com', password);
    await toast(page, spec.toast.invalidCredential).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('sends a password reset e-mail from the reset panel', async () => {
    await createTestUser({ email: 'sara@example.com', password });
    const page = await newPage(browser());
    await page.goto(appUrl('/login'));
    await page.getByRole('button', { name: spec.auth.forgetPassword }).click();
    await page.getByRole('button', { name: spec.auth.sendResetEmail }).click();
    await page.getByText(spec.validation.resetEmailRequired).waitFor();
    await shot(page, 'auth-reset-panel');
    await page.getByLabel(authStrings.auth.emailLabel, { exact: true }).fill('sara@example.com');
    await page.getByRole('button', { name: spec.auth.sendResetEmail }).click();
    await toast(page, authStrings.auth.resetSent).waitFor();
    await page.getByRole('button', { name: spec.auth.loginToContinue }).waitFor();
    const resets = (await getOobCodes()).filter((c) => c.requestType === 'PASSWORD_RESET');
    expect(resets.map((c) => c.email)).toEqual(['sara@example.com']);
  });

  it(
    'signs in with Google through the emulator credential hook and lands on home',
    async () => {
      const page = await newPage(browser());
      const idToken = JSON.stringify({
        sub: 'google-e2e',
        email: 'g.user@example.com',
        email_verified: true,
        name: 'Gina Google',
      });
      // Emulator builds read this instead of opening the popup (see README, "Google sign-in").
      await page.addInitScript((token) => {
        Reflect.set(window, '__E2E_GOOGLE_ID_TOKEN__', token);
      }, idToken);
      await page.goto(appUrl('/login'));
      await page.getByRole('button', { name: spec.auth.loginWithGoogle }).click();
      await toast(page, spec.toast.loginSuccess).waitFor();
      await page.waitForURL('**/pages/home');
      // The sidebar names her at once (her Google name, then the profile written at the first
      // sign-in): about 0.1 s after home alone and with four busy loops beside it, yet CI
      // rehearsals at load took 17 s and then over 30. Not found why; a miss shows the screen.
      await page
        .getByRole('complementary', { name: shellStrings.layout.sidebar })
        .getByText('Gina Google')
        .waitFor({ timeout: 60_000 })
        .catch(async (error: unknown) => {
          await shot(page, 'auth-google-home-missing-name');
          throw error;
        });
      await shot(page, 'auth-google-home');
      const stored = await storedActiveUser(page);
      await expect(adminGet(`users/${stored!.uid}`)).resolves.toMatchObject({
        username: 'Gina Google',
        usernameLower: 'gina google',
      });
    },
    // The name's minute of patience (above) within the test's own time.
    90_000,
  );

  it('opens the Google popup where gapi is reachable, or shows the raw code promptly', async () => {
    const page = await newPage(browser());
    await page.goto(appUrl('/login'));
    const popupOpened = page.waitForEvent('popup', { timeout: 20_000 }).catch(() => null);
    await page.getByRole('button', { name: spec.auth.loginWithGoogle }).click();
    const errorToast = page.locator('.Toastify__toast', { hasText: /^auth\// }).first();
    const outcome = await Promise.race([
      popupOpened.then((popup) => (popup ? ({ popup } as const) : null)),
      errorToast.waitFor({ timeout: 20_000 }).then(() => 'toast' as const),
    ]);
    if (outcome === 'toast') {
      // Offline: the SDK cannot load gapi, so no popup can open; the code shows instead of a hang.
      await errorToast.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
      await shot(page, 'auth-google-popup-offline');
      expect(await page.getByRole('button', { name: spec.auth.loginWithGoogle }).isEnabled()).toBe(
        true,
      );
    } else {
      expect(outcome, 'a popup or an error toast within 20 s').not.toBeNull();
      const popup = outcome!.popup;
      await popup.waitForLoadState();
      const add = popup.locator('#add-account-button button');
      if (await add.isVisible()) await add.click();
      await popup.locator('#email-input').fill('popup.user@example.com');
      await popup.locator('#display-name-input').fill('Popup User');
      await popup.locator('#sign-in').click();
      await toast(page, spec.toast.loginSuccess).waitFor();
      await page.waitForURL('**/pages/home');
      await shot(page, 'auth-google-popup-home');
    }
  });
});
