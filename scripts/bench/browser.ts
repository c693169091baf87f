/** Chromium, the login form and the dashboard panels, as the bench drives them. */
import { benchPassword } from './seed';
import type { Browser, Page } from 'playwright-core';
import { authStrings } from '../../src/features/auth/auth-strings';
import { spec } from '../../src/strings/spec';
import { launchChromium, pageInNewContext } from '../stack/chromium';

/**
 * Every page in a renderer process of its own, as tabs of a desktop browser mostly are: by
 * default Chromium puts pages of one site in one process, where CPU throttling set on each
 * page's CDP session compounds (two at 4x slowed each page ~9x) and one page's work slows the
 * other (section 5 keeps a chat in each of two pages).
 */
export function launchBrowser(): Promise<Browser> {
  return launchChromium(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', [
    '--disable-features=ProcessPerSiteUpToMainFrameThreshold',
  ]);
}

/** A fresh context (own storage and HTTP cache), as a first visit would be. */
export function freshPage(browser: Browser): Promise<Page> {
  return pageInNewContext(browser, 30_000);
}

/** The rows (not the loading placeholders) of a dashboard panel's list. */
export function panelRows(page: Page, title: string) {
  return page
    .getByRole('region', { name: new RegExp(`^${title}`) })
    .getByRole('list', { name: title, exact: true })
    .getByRole('listitem');
}

export async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel(authStrings.auth.emailLabel, { exact: true }).fill(email);
  await page.getByLabel(authStrings.auth.passwordLabel, { exact: true }).fill(password);
}

export function clickLogin(page: Page): Promise<void> {
  return page.getByRole('button', { name: spec.auth.loginToContinue }).click();
}

/** Logs in from /login with the bench password and waits for home. */
export async function signInToHome(page: Page, appUrl: string, email: string): Promise<void> {
  await page.goto(`${appUrl}/login`);
  await fillLogin(page, email, benchPassword);
  await clickLogin(page);
  await page.waitForURL('**/pages/home', { timeout: 30_000 });
}

/**
 * Ready: on /pages/home with the Friend List showing all `friends` rows and the User List
 * showing its first page (at least `users` rows).
 */
export async function waitForDashboard(page: Page, friends: number, users: number) {
  await page.waitForURL('**/pages/home', { timeout: 30_000 });
  const names = { friends: spec.panels.friendList, users: spec.panels.userList };
  await page.waitForFunction(
    // No named helpers in here: tsx's name-keeping would reference a `__name` the page lacks.
    ({ names, friends, users }) =>
      document.querySelectorAll(`ul[aria-label="${names.friends}"] > li`).length >= friends &&
      document.querySelectorAll(`ul[aria-label="${names.users}"] > li`).length >= users,
    { names, friends, users },
    { polling: 'raf', timeout: 30_000 },
  );
}
