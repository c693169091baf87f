import { expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { shellStrings } from '../../src/app/shell/shell-strings';
import { groupsStrings } from '../../src/features/groups/groups-strings';
import { inboxStrings } from '../../src/features/inbox/inbox-strings';
import { settingsStrings } from '../../src/features/settings/settings-strings';
import { CONNECTION_TIMES_KEY } from '../../src/lib/firebase/conversations/shapes';
import { spec } from '../../src/strings/spec';
import {
  adminGet,
  adminUpdate,
  appUrl,
  browserPerSuite,
  describeBrowser,
  getBackend,
  newPage,
} from '../support/browser';
import { chat, openFriend, openMessages, typeAndSend } from '../support/conversation-steps';
import { twoInstancesPerSuite } from '../support/two-instances';
import { createPerson, dismissToasts, fillLoginForm, row, rowButton } from './app-home-steps';

// The directory actually idle (docs/scaling.md, "The directory in the slot"): Alice and Bob
// live on instance 1, so once their homes are known the directory is closed after the slot's
// idle time (1 s here, set before the app loads, instead of 30 s) and looked at every 4 s
// (instead of 15 min). Each step below starts with the directory's connection closed on the
// emulator, so what it shows went through a reopen: a write, a read, a hint's look.
const TIMES = { idleMs: 1_000, directoryLookMs: 4_000 };

/** Alice's or Bob's browser, signed in with the short times, on the dashboard. */
async function signedIn(browser: Browser, email: string): Promise<Page> {
  const page = await newPage(browser);
  await page.addInitScript(([key, times]) => localStorage.setItem(key, times), [
    CONNECTION_TIMES_KEY,
    JSON.stringify(TIMES),
  ] as const);
  await page.goto(appUrl('/login'));
  await fillLoginForm(page, email, 'Secret123');
  await page.getByRole('button', { name: spec.auth.loginToContinue }).click();
  await page.waitForURL('**/pages/home', { timeout: 30_000 });
  await dismissToasts(page);
  return page;
}

/** `uid`'s open WebSocket connections, by namespace, as the emulator counts them. */
async function connectionsOf(uid: string): Promise<string[]> {
  const res = await fetch(`http://${getBackend().dbHost}/.inspect/connections.json`, {
    headers: { Authorization: 'Bearer owner' },
  });
  const all = (await res.json()) as { ns: string; uid: string | null }[];
  return all.filter((c) => c.uid === uid).map((c) => c.ns);
}

describeBrowser('the directory closed between steps, reopened by each', () => {
  const browser = browserPerSuite({ resetBackend: true });
  const instance1 = twoInstancesPerSuite();

  /** Until each of `uids` holds its home (1) only: the directory's connection closed. */
  const directoryClosed = (...uids: string[]) =>
    expect
      .poll(() => Promise.all(uids.map(connectionsOf)), { timeout: 10_000, interval: 100 })
      .toEqual(uids.map(() => [instance1().dbNamespace]));

  it('requests, a rename, a group, a message with its count and presence reach', async () => {
    const alice = await createPerson('Alice');
    const bob = await createPerson('Bob');
    await adminUpdate({ [`homes/${alice.uid}`]: 1, [`homes/${bob.uid}`]: 1 });
    const [a, b] = await Promise.all([
      signedIn(browser(), alice.email),
      signedIn(browser(), bob.email),
    ]);
    await rowButton(a, spec.panels.userList, 'Bob', spec.relation.add);
    await directoryClosed(alice.uid, bob.uid);

    // Alice's request (her write reopens it), seen by Bob by its hint's look; his accept too.
    await (await rowButton(a, spec.panels.userList, 'Bob', spec.relation.add)).click();
    await rowButton(b, spec.panels.friendRequest, 'Alice', spec.relation.accept);
    await directoryClosed(alice.uid, bob.uid);
    await (await rowButton(b, spec.panels.friendRequest, 'Alice', spec.relation.accept)).click();
    await row(a, spec.panels.friendList, 'Bob').waitFor();
    await row(b, spec.panels.friendList, 'Alice').waitFor();
    await directoryClosed(alice.uid, bob.uid);

    // Alice renames herself: no hint, so Bob sees it at his periodic look.
    await a.getByRole('link', { name: shellStrings.layout.settings }).click();
    await a.getByLabel(settingsStrings.settings.displayName, { exact: true }).fill('Alicia');
    await a.getByRole('button', { name: settingsStrings.settings.saveName }).click();
    await a.locator('.Toastify__toast', { hasText: settingsStrings.settings.nameSaved }).waitFor();
    await row(b, spec.panels.friendList, 'Alicia').waitFor({ timeout: 10_000 });
    await directoryClosed(alice.uid, bob.uid);

    // Alice's group, created and renamed, each shown once stored, and on Bob's Group List (no
    // hint for a group he is not in: his periodic look).
    await a.getByRole('link', { name: shellStrings.layout.home }).click();
    await a.getByRole('button', { name: groupsStrings.home.createGroupLabel }).click();
    const form = a.getByRole('dialog', { name: groupsStrings.home.createGroupTitle });
    await form.getByLabel(groupsStrings.home.groupName).fill('Weekend Hikers');
    await form.getByLabel(groupsStrings.home.groupTag).fill('Up a hill every Saturday');
    await form.getByRole('button', { name: groupsStrings.home.createGroupButton }).click();
    await row(a, spec.panels.myGroups, 'Weekend Hikers').waitFor();
    await row(b, spec.panels.groupList, 'Weekend Hikers').waitFor({ timeout: 10_000 });
    await directoryClosed(alice.uid, bob.uid);
    const rename = groupsStrings.groupChat.rename;
    await (await rowButton(a, spec.panels.myGroups, 'Weekend Hikers', rename)).click();
    const renaming = a.getByRole('dialog', {
      name: groupsStrings.groupChat.renameTitle('Weekend Hikers'),
    });
    await renaming.getByLabel(groupsStrings.home.groupName).fill('Summit Club');
    await renaming.getByRole('button', { name: groupsStrings.groupChat.save }).click();
    await row(a, spec.panels.myGroups, 'Summit Club').waitFor();
    // The list shows the rename as it is written; the server has it a moment later.
    const names = async () =>
      Object.values((await adminGet('Mygroup')) as Record<string, { groupName: string }>).map(
        (group) => group.groupName,
      );
    await expect.poll(names, { timeout: 15_000 }).toEqual(['Summit Club']);
    await row(b, spec.panels.groupList, 'Summit Club').waitFor({ timeout: 10_000 });
    expect(await row(b, spec.panels.groupList, 'Weekend Hikers').count()).toBe(0);
    await directoryClosed(alice.uid, bob.uid);

    // A message: Bob's list shows it with its count, his chat header shows Alicia online.
    await Promise.all([openMessages(a), openMessages(b)]);
    await openFriend(a, 'Bob');
    await typeAndSend(a, 'Hello Bob, the directory is idle');
    const fromAlicia = row(b, spec.panels.friendList, 'Alicia');
    await fromAlicia.getByText('Hello Bob, the directory is idle', { exact: true }).waitFor();
    await fromAlicia.getByText(inboxStrings.unread(1)).waitFor();
    await directoryClosed(bob.uid);
    await openFriend(b, 'Alicia');
    await chat(b).getByText(spec.chat.online, { exact: true }).waitFor();
    await expect.poll(() => fromAlicia.getByText(inboxStrings.unread(1)).count()).toBe(0);
    await directoryClosed(alice.uid, bob.uid);
  }, 60_000);
});
