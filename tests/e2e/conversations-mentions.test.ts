import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { conversationsStrings } from '../../src/features/conversations/conversations-strings';
import { notificationsStrings } from '../../src/features/notifications/notifications-strings';
import { shellStrings } from '../../src/app/shell/shell-strings';
import { spec } from '../../src/strings/spec';
import { browserPerSuite, describeBrowser, shot } from '../support/browser';
import {
  chat,
  chatField,
  createGroup,
  messageRow,
  openFriend,
  openGroup,
  openMessages,
  signInAll,
  typeAndSend,
} from '../support/conversation-steps';
import { befriend, createPerson, row } from './app-home-steps';

// Forwarding (1:1 and to a group) and mentions, in separate browsers.
const groupId = '-Ne2eMentionGroup001';
const strings = conversationsStrings.forward;
const field = chatField;
const message = messageRow;
const send = typeAndSend;

async function sizes(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 720 });
  await shot(page, `${name}-1280`);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, `${name}-390`);
  await page.setViewportSize({ width: 1280, height: 720 });
}

describeBrowser('forward and mentions in separate browsers', () => {
  const browser = browserPerSuite({ resetBackend: true });

  async function people() {
    const alice = await createPerson('Alice');
    const bob = await createPerson('Bob');
    const carol = await createPerson('Carol');
    await befriend('-Ne2eMentionAliceBob', bob, alice);
    await befriend('-Ne2eMentionAliceCar', alice, carol);
    await createGroup(groupId, alice, [bob, carol]);
    return { alice, bob, carol };
  }

  it('forwards a message from a 1:1 chat to a friend and to a group, marked Forwarded', async () => {
    const { alice, bob, carol } = await people();
    const [a, b, c] = (await signInAll(browser(), [alice, bob, carol])) as [Page, Page, Page];
    await Promise.all([openMessages(a), openMessages(b), openMessages(c)]);
    await openFriend(b, 'Alice');
    await send(b, 'see you at 8?');
    await openFriend(a, 'Bob');
    await message(a, 'see you at 8?').waitFor();

    await message(a, 'see you at 8?').hover();
    await chat(a).getByRole('button', { name: 'More actions', exact: true }).click();
    await a.getByRole('menuitem', { name: 'Forward' }).click();
    const dialog = a.getByRole('dialog', { name: strings.title });
    await dialog.waitFor();
    await dialog.getByRole('searchbox', { name: strings.search }).fill('c');
    await dialog.getByRole('checkbox', { name: /Carol/ }).check();
    await dialog.getByRole('searchbox', { name: strings.search }).fill('');
    await dialog.getByRole('checkbox', { name: /Hikers/ }).check();
    await sizes(a, 'forward-dialog');
    await dialog.getByRole('button', { name: strings.send(2) }).click();
    await dialog.waitFor({ state: 'detached' });

    // Carol: a normal send, her count and preview, 'Forwarded' above the words.
    const carolsRow = row(c, spec.panels.friendList, 'Alice');
    await carolsRow.getByText('see you at 8?').first().waitFor();
    await carolsRow.getByText('1 unread message').waitFor();
    await openFriend(c, 'Alice');
    await message(c, 'see you at 8?').getByText(strings.forwarded).waitFor();
    // Bob, in the group: the copy under Alice's name, marked too.
    await openGroup(b);
    await message(b, 'see you at 8?').getByText(strings.forwarded).waitFor();
    await shot(b, 'forward-group-bob');
  });

  it("mentions a member with '@': the list, the highlight, the row's '@', the notification", async () => {
    const { alice, bob, carol } = await people();
    const [a, b, c] = (await signInAll(browser(), [alice, bob, carol])) as [Page, Page, Page];
    await Promise.all([openMessages(a), openMessages(c)]);
    await Promise.all([openGroup(a), openGroup(c)]);
    await field(a).click();
    await field(a).pressSequentially('Hey @');
    const list = chat(a).getByRole('listbox', { name: conversationsStrings.mentions.listLabel });
    await list.waitFor();
    expect(await list.getByRole('option').allTextContents()).toEqual(['BBob', 'CCarol']);
    await shot(a, 'mention-list-1280');
    await field(a).pressSequentially('bo');
    expect(await list.getByRole('option').allTextContents()).toEqual(['BBob']);
    await field(a).press('Enter');
    await field(a).pressSequentially('bring the map?');
    expect(await field(a).inputValue()).toBe('Hey @Bob bring the map?');
    await field(a).press('Enter');
    await message(a, 'bring the map?').waitFor();
    // The list on a phone (the chat shown alone), then closed with Escape.
    await a.setViewportSize({ width: 390, height: 844 });
    await a.goto(a.url().split('?')[0] ?? '');
    await openGroup(a);
    await field(a).pressSequentially('@');
    await list.waitFor();
    await shot(a, 'mention-list-390');
    await field(a).press('Escape');
    await list.waitFor({ state: 'detached' });

    // Carol sees the message, not highlighted for her.
    await message(c, 'bring the map?').waitFor();
    expect(await message(c, 'bring the map?').locator('[data-mentions-me]').count()).toBe(0);

    // Bob: '@' beside the badge on the group's row, and the notification that opens the message.
    await openMessages(b);
    const bobsRow = row(b, spec.panels.groupList, 'Hikers');
    await bobsRow.getByTestId('mention-mark').waitFor();
    await b.getByRole('link', { name: new RegExp(`^${shellStrings.layout.notification}`) }).click();
    const entry = b.getByRole('link', {
      name: new RegExp(notificationsStrings.text.mention('Alice', 'Hikers')),
    });
    await entry.click();
    await b.waitForURL(/pages\/messages\?.*group=/);
    const highlighted = message(b, 'bring the map?').locator('[data-mentions-me]');
    await highlighted.waitFor();
    await highlighted.getByText(conversationsStrings.mentions.mentionsYou).waitFor({
      state: 'attached',
    });
    await sizes(b, 'mention-highlight');
    // Opening it marked the mention read: the '@' is gone from the row.
    await bobsRow.getByTestId('mention-mark').waitFor({ state: 'detached' });
    expect(await bobsRow.getByTestId('mention-mark').count()).toBe(0);
  });
});
