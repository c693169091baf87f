/**
 * Browser steps shared by the chat suites (actions, reactions, mentions): the chat's parts, the
 * Messages page, and the setup of people who are friends or in a group, each signed in in a
 * browser context of their own.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { shellStrings } from '../../src/app/shell/shell-strings';
import { conversationsStrings } from '../../src/features/conversations/conversations-strings';
import { spec } from '../../src/strings/spec';
import { befriend, createPerson, loginPage, row } from '../e2e/app-home-steps';
import { adminGet } from './backend';
import { writeHikersGroup } from './hikers-group';
import { giveSideConversations } from './side-conversations';

export type Person = Awaited<ReturnType<typeof createPerson>>;
type Named = Pick<Person, 'uid' | 'username'>;

/**
 * A group 'Hikers' that `admin` runs, with `members` joined, as the admin's writes leave it (on
 * the directory); each of them also has a side conversation on the instance away from home.
 */
export async function createGroup(
  groupId: string,
  admin: Named,
  members: readonly Named[],
): Promise<void> {
  await writeHikersGroup(groupId, admin, members);
  await giveSideConversations([admin, ...members]);
}

export const chat = (page: Page) =>
  page.getByRole('region', { name: conversationsStrings.chat.label });

export const chatField = (page: Page) =>
  chat(page).getByRole('textbox', { name: conversationsStrings.chat.inputLabel });

/** The article of the message whose own text (its paragraph, not a quote of it) is `text`. */
export const messageRow = (page: Page, text: string): Locator =>
  chat(page)
    .getByRole('article')
    .filter({ has: page.locator('p', { hasText: text }) })
    .last();

export async function openMessages(page: Page): Promise<void> {
  await page.getByRole('link', { name: shellStrings.layout.messages }).click();
  await page.waitForURL('**/pages/messages');
}

/** Picks the friend in the Friend List (at phone size this shows the chat). */
export async function openFriend(page: Page, name: string): Promise<void> {
  await row(page, spec.panels.friendList, name).getByRole('button', { name, exact: true }).click();
  await chat(page).getByRole('heading', { name }).waitFor();
}

export async function openGroup(page: Page, name = 'Hikers'): Promise<void> {
  await row(page, spec.panels.groupList, name)
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .click();
  await chat(page).getByRole('heading', { name }).waitFor();
}

/** Types into the chat's field and sends with Enter (waits for nothing). */
export async function typeAndSend(page: Page, text: string): Promise<void> {
  await chatField(page).fill(text);
  await chatField(page).press('Enter');
}

/**
 * Signs each person in through the login form, each in a context of their own, at once, and
 * waits until each browser published its device key (end-to-end encryption).
 */
export async function signInAll(browser: Browser, people: Person[]): Promise<Page[]> {
  const pages = await Promise.all(people.map((person) => loginPage(browser, person.email)));
  for (const person of people) await devicePublished(person.uid);
  return pages;
}

/** Polls until `uid` has a published device (it is written just after sign-in). */
async function devicePublished(uid: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while ((await adminGet(`deviceKeys/${uid}`)) === null) {
    if (Date.now() > deadline) throw new Error(`No device published for ${uid}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * What `aliceAndBob` starts from: Alice and Bob friends through `conversationId` (on the
 * directory), each with a side conversation on another instance.
 */
export async function aliceAndBobRecords(conversationId: string) {
  const alice = await createPerson('Alice');
  const bob = await createPerson('Bob');
  await befriend(conversationId, alice, bob);
  return { alice, bob };
}

/** What `hikersGroup` starts from: Alice runs 'Hikers' with Bob in it, both with a side one. */
export async function hikersGroupRecords(groupId: string) {
  const alice = await createPerson('Alice');
  const bob = await createPerson('Bob');
  await createGroup(groupId, alice, [bob]);
  return { alice, bob };
}

/**
 * Alice and Bob, friends through `conversationId`, each signed in in a browser of their own, on the
 * Messages page (with `openChats`, each with the other's chat open).
 */
export async function aliceAndBob(
  browser: Browser,
  conversationId: string,
  options: { openChats?: boolean } = {},
) {
  const { alice, bob } = await aliceAndBobRecords(conversationId);
  const [a, b] = (await signInAll(browser, [alice, bob])) as [Page, Page];
  await Promise.all([openMessages(a), openMessages(b)]);
  if (options.openChats) await Promise.all([openFriend(a, 'Bob'), openFriend(b, 'Alice')]);
  return { alice, bob, a, b };
}

/** Alice runs the group 'Hikers' with Bob in it; both signed in with its chat open. */
export async function hikersGroup(browser: Browser, groupId: string) {
  const { alice, bob } = await hikersGroupRecords(groupId);
  const [a, b] = (await signInAll(browser, [alice, bob])) as [Page, Page];
  await Promise.all([openMessages(a), openMessages(b)]);
  await Promise.all([openGroup(a), openGroup(b)]);
  return { alice, bob, a, b };
}

/** The focusable row of the message showing `text` (its actions, chips and quote inside). */
export const messageWithActions = (page: Page, text: string): Locator =>
  chat(page).locator('[data-message-id]').filter({ hasText: text });

/** Sends `text` and waits for its row. */
export async function sendAndShow(page: Page, text: string): Promise<void> {
  await typeAndSend(page, text);
  await messageWithActions(page, text).waitFor();
}

/** Opens a message's menu with a right-click and picks `item`. */
export async function pickFromMenu(page: Page, text: string, item: string): Promise<void> {
  await messageWithActions(page, text).click({ button: 'right' });
  const menu = page.getByRole('menu', { name: conversationsStrings.messageActions.menu });
  await menu.getByRole('menuitem', { name: item, exact: true }).click();
}

/** Edits my message `from` to `to` through its menu; the field holds `from` while editing. */
export async function editMessage(page: Page, from: string, to: string): Promise<void> {
  const strings = conversationsStrings.messageActions;
  await pickFromMenu(page, from, strings.edit);
  await chat(page).getByText(strings.editing, { exact: true }).waitFor();
  if ((await chatField(page).inputValue()) !== from)
    throw new Error(`Editing '${from}' put '${await chatField(page).inputValue()}' in the field`);
  await chatField(page).fill(to);
  await chatField(page).press('Enter');
  await chat(page).getByText(strings.editing, { exact: true }).waitFor({ state: 'detached' });
}

/** Deletes a message through its menu, with the dialog's `choice` (for me, for everyone). */
export async function deleteMessage(page: Page, text: string, choice: string): Promise<void> {
  await pickFromMenu(page, text, conversationsStrings.messageActions.delete);
  await page.getByRole('dialog').getByRole('button', { name: choice, exact: true }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}
