import type { Browser, Locator, Page } from 'playwright-core';
import { pairKey } from '../../src/lib/firebase/friends/pair-key';
import { authStrings } from '../../src/features/auth/auth-strings';
import { spec } from '../../src/strings/spec';
import { buildDemoData } from '../../scripts/demo/data';
import { demoPassword, demoUsers } from '../../scripts/demo/users';
import {
  adminUpdate,
  appUrl,
  createTestUser,
  createVerifiedPerson,
  newPage,
} from '../support/browser';

export const password = 'Secret123';

/** The demo's accounts and data, as `npm start` seeds them (sign in with `demoPassword`). */
export async function seedDemo(): Promise<void> {
  const created = [];
  for (const user of demoUsers) {
    const account = await createTestUser({
      email: user.email,
      password: demoPassword,
      displayName: user.username,
    });
    created.push({ uid: account.uid, username: user.username, email: user.email });
  }
  await adminUpdate(buildDemoData(created, Date.now()));
}

/** A verified account with the `users` record that registration writes. */
export const createPerson = (username: string) => createVerifiedPerson(username, password);

/** Makes two people friends directly in the database, as an accepted request leaves them. */
export async function befriend(
  conversationId: string,
  a: { uid: string; username: string },
  b: { uid: string; username: string },
): Promise<void> {
  await adminUpdate({
    [`friendList/${conversationId}`]: {
      senderId: a.uid,
      senderName: a.username,
      receiverId: b.uid,
      receiverName: b.username,
      photo: '',
    },
    [`pairs/${pairKey(a.uid, b.uid)}`]: conversationId,
  });
}

/** Types an e-mail and a password into the login form, without sending it. */
export async function fillLoginForm(page: Page, email: string, pw: string): Promise<void> {
  await page.getByLabel(authStrings.auth.emailLabel, { exact: true }).fill(email);
  await page.getByLabel(authStrings.auth.passwordLabel, { exact: true }).fill(pw);
}

/** A new browser context, logged in through the login form, on the dashboard. */
export async function loginPage(browser: Browser, email: string, pw = password): Promise<Page> {
  const page = await newPage(browser);
  await page.goto(appUrl('/login'));
  await fillLoginForm(page, email, pw);
  await page.getByRole('button', { name: spec.auth.loginToContinue }).click();
  // The login flow waits 1 s by design; a loaded CI machine can add a lot more.
  await page.waitForURL('**/pages/home', { timeout: 30_000 });
  await dismissToasts(page);
  return page;
}

/** Closes the toasts on screen, so they cover no button and no screenshot. */
export async function dismissToasts(page: Page): Promise<void> {
  const toasts = page.locator('.Toastify__toast');
  await toasts
    .first()
    .waitFor({ timeout: 3000 })
    .catch(() => undefined);
  for (const close of await page.locator('.Toastify__close-button').all()) {
    await close.click().catch(() => undefined);
  }
  await toasts
    .first()
    .waitFor({ state: 'detached', timeout: 3000 })
    .catch(() => undefined);
}

export function panel(page: Page, title: string): Locator {
  return page.getByRole('region', { name: new RegExp(`^${title}`) });
}

export function row(page: Page, panelTitle: string, name: string): Locator {
  return panel(page, panelTitle).getByRole('listitem', { name, exact: true });
}

/** Waits until the row's button reads `label` (the relationship or membership state). */
export async function rowButton(page: Page, panelTitle: string, name: string, label: string) {
  const button = row(page, panelTitle, name).getByRole('button', {
    name: `${label} ${name}`,
    exact: true,
  });
  await button.waitFor();
  return button;
}

/** Waits for the CSS transitions of a toast or dialog to finish, for a clean screenshot. */
export async function settle(page: Page): Promise<void> {
  // An animation cancelled meanwhile (a toast replaced or closed) rejects; that is settled too.
  // Scroll-driven ones (the scroll areas' edge fades) follow the scroll position and never end.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.timeline instanceof DocumentTimeline)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}
