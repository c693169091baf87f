import type { Browser, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { HIDDEN_ATTR, HYDRATED_FLAG } from '../../src/prerender/markers';
import { authStrings } from '../../src/features/auth/auth-strings';
import { shellStrings } from '../../src/app/shell/shell-strings';
import { spec } from '../../src/strings/spec';
import { appUrl, browserPerSuite, describeBrowser, newPage, shot } from '../support/browser';
import { createPerson, fillLoginForm, loginPage, password } from './app-home-steps';

/** Lighthouse's "slow 4G", in CDP's units (bytes per second). */
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: 200_000,
  uploadThroughput: 93_750,
};

/** A page whose scripts are held back until `release()`: the prerendered HTML on its own. */
async function pageWithHeldScripts(browser: Browser) {
  const page = await newPage(browser);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue();
  });
  return { page, release };
}

const hydrated = (page: Page) =>
  page.waitForFunction(`window.${HYDRATED_FLAG} === true`, undefined, { timeout: 30_000 });

/** Console errors and warnings, and uncaught errors, from now on. */
function problems(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') seen.push(m.text());
  });
  page.on('pageerror', (e) => seen.push(e.message));
  return seen;
}

describeBrowser('prerendered signed-out screens in Chromium', () => {
  const browser = browserPerSuite({ resetBackend: true });

  it('shows / and /login with JavaScript disabled, and their fields take typing', async () => {
    const context = await browser().newContext({ javaScriptEnabled: false });
    const page = await context.newPage();

    await page.goto(appUrl('/login'));
    const login = page.getByRole('form', { name: authStrings.auth.loginForm });
    await expect(login.isVisible()).resolves.toBe(true);
    await expect(
      page.getByRole('heading', { name: authStrings.auth.loginTitle }).isVisible(),
    ).resolves.toBe(true);
    await fillLoginForm(page, 'sara@example.com', password);
    await expect(
      page.getByLabel(authStrings.auth.emailLabel, { exact: true }).inputValue(),
    ).resolves.toBe('sara@example.com');
    await expect(
      page.getByLabel(authStrings.auth.passwordLabel, { exact: true }).inputValue(),
    ).resolves.toBe(password);
    await shot(page, 'prerender-login-no-js');

    await page.goto(appUrl('/'));
    await expect(
      page.getByRole('form', { name: authStrings.auth.registerForm }).isVisible(),
    ).resolves.toBe(true);
    await page.getByLabel(authStrings.auth.fullNameLabel, { exact: true }).fill('Sara_Lee');
    await expect(
      page.getByLabel(authStrings.auth.fullNameLabel, { exact: true }).inputValue(),
    ).resolves.toBe('Sara_Lee');
    await shot(page, 'prerender-register-no-js');
  });

  it('keeps what was typed before the scripts arrived, hydrating the same fields', async () => {
    const { email } = await createPerson('Sara_Lee');
    const { page, release } = await pageWithHeldScripts(browser());
    await page.goto(appUrl('/login'), { waitUntil: 'commit' });
    const emailField = page.getByLabel(authStrings.auth.emailLabel, { exact: true });
    await emailField.waitFor();
    await fillLoginForm(page, email, password);
    const before = await emailField.elementHandle();
    await expect(page.evaluate(`window.${HYDRATED_FLAG}`)).resolves.toBeUndefined();

    release();
    await hydrated(page);
    // Hydrated, not drawn again: the very input typed into is still in the page.
    await expect(before.evaluate((el) => el.isConnected)).resolves.toBe(true);
    await expect(emailField.inputValue()).resolves.toBe(email);
    await expect(
      page.getByLabel(authStrings.auth.passwordLabel, { exact: true }).inputValue(),
    ).resolves.toBe(password);
    await page.getByRole('button', { name: spec.auth.loginToContinue }).click();
    await page.waitForURL('**/pages/home', { timeout: 30_000 });
  });

  it('holds a login sent before the scripts arrived and sends it once hydrated', async () => {
    const { email } = await createPerson('Sara_Lee');
    const { page, release } = await pageWithHeldScripts(browser());
    await page.goto(appUrl('/login'), { waitUntil: 'commit' });
    await page.getByLabel(authStrings.auth.emailLabel, { exact: true }).waitFor();
    await fillLoginForm(page, email, password);
    await page.getByLabel(authStrings.auth.passwordLabel, { exact: true }).press('Enter');
    await page.waitForTimeout(300); // a native submit would be navigating by now
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(new URL(page.url()).search).toBe(''); // no typed password in a URL

    release();
    await page.waitForURL('**/pages/home', { timeout: 30_000 });
  });

  it("opens the reset panel for a 'Forget Password' clicked before the scripts arrived", async () => {
    const { page, release } = await pageWithHeldScripts(browser());
    await page.goto(appUrl('/login'), { waitUntil: 'commit' });
    const emailField = page.getByLabel(authStrings.auth.emailLabel, { exact: true });
    await emailField.waitFor();
    await emailField.fill('sara@example.com');
    await page.getByRole('button', { name: spec.auth.forgetPassword }).click();
    await expect(page.evaluate(`window.${HYDRATED_FLAG}`)).resolves.toBeUndefined();

    release();
    const send = page.getByRole('button', { name: spec.auth.sendResetEmail });
    await send.waitFor({ timeout: 30_000 });
    // With the e-mail typed before the scripts came.
    await expect(
      page.getByLabel(authStrings.auth.emailLabel, { exact: true }).inputValue(),
    ).resolves.toBe('sara@example.com');
  });

  it("signs in for a 'Login with Google' clicked before the scripts arrived", async () => {
    const { page, release } = await pageWithHeldScripts(browser());
    // Emulator builds read this instead of opening the popup (see README, "Google sign-in").
    await page.addInitScript(
      (token) => {
        Reflect.set(window, '__E2E_GOOGLE_ID_TOKEN__', token);
      },
      JSON.stringify({
        sub: 'google-early',
        email: 'early@example.com',
        email_verified: true,
        name: 'Early Bird',
      }),
    );
    await page.goto(appUrl('/login'), { waitUntil: 'commit' });
    const google = page.getByRole('button', { name: spec.auth.loginWithGoogle });
    await google.click();
    await expect(page.evaluate(`window.${HYDRATED_FLAG}`)).resolves.toBeUndefined();

    release();
    await page.waitForURL('**/pages/home', { timeout: 30_000 });
  });

  it('does not shift the layout or report a hydration error on / and /login', async () => {
    for (const path of ['/login', '/']) {
      const page = await newPage(browser());
      const seen = problems(page);
      await page.addInitScript(`
        window.__cls = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) window.__cls += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
      `);
      // On a slow link the HTML arrives in parts: a page drawn half-arrived would shift.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
      await page.goto(appUrl(path));
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      await expect(page.evaluate('window.__cls')).resolves.toBe(0);
      expect(seen).toEqual([]);
      // Revealed at once for a visitor without a session.
      await expect(
        page.evaluate(`document.documentElement.hasAttribute('${HIDDEN_ATTR}')`),
      ).resolves.toBe(false);
      await page.context().close();
    }
  });

  it('sends a signed-in visitor of /login home without ever showing the form', async () => {
    const { email } = await createPerson('Sara_Lee');
    const page = await loginPage(browser(), email);
    // Every frame from the first, whether the login form is in the page and whether it shows.
    await page.addInitScript(`
      window.__formFrames = [];
      const sample = () => {
        const form = document.querySelector('form[aria-label="${authStrings.auth.loginForm}"]');
        window.__formFrames.push(
          form ? (form.checkVisibility({ visibilityProperty: true }) ? 'shown' : 'hidden') : 'none',
        );
        if (location.pathname === '/login') requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    `);
    await page.goto(appUrl('/login'));
    await page.waitForURL('**/pages/home', { timeout: 30_000 });
    await page.getByRole('complementary', { name: shellStrings.layout.sidebar }).waitFor();
    const frames = await page.evaluate<string[]>('window.__formFrames');
    expect(frames).toContain('hidden'); // the prerendered form was there, hidden
    expect(frames).not.toContain('shown');
    await expect(
      page.evaluate(`document.documentElement.hasAttribute('${HIDDEN_ATTR}')`),
    ).resolves.toBe(false);
  });

  it('shows the form when the stored session turns out to be gone', async () => {
    const page = await newPage(browser());
    // A session Firebase cannot restore (its account is unknown to the Auth emulator).
    await page.addInitScript(() => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('firebase:authUser:'));
      if (!key) localStorage.setItem('firebase:authUser:stale:[DEFAULT]', '{}');
    });
    await page.goto(appUrl('/login'));
    await page
      .getByRole('form', { name: authStrings.auth.loginForm })
      .waitFor({ state: 'visible' });
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});
