import type { Browser, Locator, Page } from 'playwright-core';
import { pairKey } from '../../src/lib/firebase/friends/pair-key';
import { authStrings } from '../../src/features/auth/auth-strings';
import { spec } from '../../src/strings/spec';
import { demoWrites } from '../../scripts/seed';
import { demoPassword, demoUsers } from '../../scripts/demo/users';
import { dbRest } from '../../scripts/stack/admin';
import { instanceTarget } from '../../scripts/stack/instances';
import {
  adminUpdate,
  appUrl,
  createTestUser,
  createVerifiedPerson,
  getBackend,
  newPage,
} from '../support/browser';
import { giveSideConversations } from '../support/side-conversations';
import { mirroredPlacements } from '../support/mirrored';

export const password = 'Secret123';

/**
 * The demo's accounts and data, as `npm start` seeds them (sign in with `demoPassword`): spread
 * over the backend's instances (Alice and Bob at home on the directory, Carol on instance 1 with
 * her conversations and group there), once the mirror process copied what their rules read.
 */
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
  const [directory = {}, ...others] = demoWrites(created, getBackend().instances, Date.now());
  // The instances first, then the directory in one write, as `npm start` seeds them.
  await Promise.all(
    others.map((part, i) => dbRest(instanceTarget(getBackend(), i + 1), 'PATCH', '/', part)),
  );
  await adminUpdate(directory);
  await mirroredPlacements(directory);
  // The demo leaves a few people with entries on one instance only (Erin's one conversation is
  // with Alice, on the directory): each gets a side conversation on the other.
  const seen = instancesWithEntries([directory, ...others]);
  if (others.length === 0) return;
  const onOne = created.filter((person) => seen.get(person.uid)?.size === 1);
  await giveSideConversations(onOne, (person) => (seen.get(person.uid)?.has(0) ? 1 : 0));
}

/** For each person, the instances (index of `parts`) holding inbox entries of theirs. */
function instancesWithEntries(parts: readonly Record<string, unknown>[]): Map<string, Set<number>> {
  const seen = new Map<string, Set<number>>();
  parts.forEach((part, instance) => {
    for (const path of Object.keys(part)) {
      const uid = /^(?:inbox|groupInbox)\/([^/]+)\//.exec(path)?.[1];
      if (uid) seen.set(uid, (seen.get(uid) ?? new Set()).add(instance));
    }
  });
  return seen;
}

/** A verified account with the `users` record that registration writes. */
export const createPerson = (username: string) => createVerifiedPerson(username, password);

/**
 * Makes two people friends directly in the database, as an accepted request leaves them (no
 * placement: their conversation is on the directory, unless the test places it). Each of them
 * also gets a side conversation on the instance away from their home, once.
 */
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
  await giveSideConversations([a, b]);
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
