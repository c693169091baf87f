import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { conversationsStrings } from '../../src/features/conversations/conversations-strings';
import { groupsStrings } from '../../src/features/groups/groups-strings';
import { inboxStrings } from '../../src/features/inbox/inbox-strings';
import { shellStrings } from '../../src/app/shell/shell-strings';
import { spec } from '../../src/strings/spec';
import { browserPerSuite, describeBrowser, shot } from '../support/browser';
import { createGroup } from '../support/conversation-steps';
import { SIDE_UNREAD } from '../support/side-conversations';
import { gradientPng } from '../../scripts/gradient-png';
import { createPerson, loginPage, row } from './app-home-steps';
import { dropImage, pasteImage } from './conversations-image-transfer';

// A group conversation in three browsers.
const groupId = '-Ne2eGroupHikers0001';
const chat = (page: Page) => page.getByRole('region', { name: conversationsStrings.chat.label });
const conversation = (page: Page) =>
  chat(page).getByRole('feed', { name: conversationsStrings.groupChat.conversationIn('Hikers') });

/** A tab title counting `count` unread messages, plus the side conversation's. */
const titleCounts = (count: number) => new RegExp(`^\\(${String(count + SIDE_UNREAD)}\\)`);

async function openMessages(page: Page): Promise<void> {
  await page.getByRole('link', { name: shellStrings.layout.messages }).click();
  await page.waitForURL('**/pages/messages');
}

async function openGroup(page: Page): Promise<void> {
  await row(page, spec.panels.groupList, 'Hikers')
    .getByRole('button', { name: /^Hikers/ })
    .click();
  await chat(page).getByRole('heading', { name: 'Hikers' }).waitFor();
}

async function send(page: Page, text: string): Promise<void> {
  await chat(page).getByRole('textbox', { name: conversationsStrings.chat.inputLabel }).fill(text);
  await chat(page)
    .getByRole('textbox', { name: conversationsStrings.chat.inputLabel })
    .press('Enter');
}

describeBrowser('group chat in three browsers', () => {
  const browser = browserPerSuite({ resetBackend: true });

  it('admin and member talk both ways, an outsider sees nothing, leaving cuts access', async () => {
    const alice = await createPerson('Alice');
    const bob = await createPerson('Bob');
    const carol = await createPerson('Carol');
    // Alice runs Hikers and Bob is a member (as invite + accept leave it); Carol is outside.
    await createGroup(groupId, alice, [bob]);
    const [a, b, c] = await Promise.all([
      loginPage(browser(), alice.email),
      loginPage(browser(), bob.email),
      loginPage(browser(), carol.email),
    ]);
    await Promise.all([openMessages(a), openMessages(b), openMessages(c)]);
    await Promise.all([openGroup(a), openGroup(b)]);
    await chat(a).getByText(conversationsStrings.groupChat.members(2)).waitFor();

    await send(b, 'Hi Alice, ready for Saturday?');
    await conversation(a).getByText('Hi Alice, ready for Saturday?').waitFor();
    await conversation(a).getByText('Bob', { exact: true }).waitFor();
    await send(a, 'Yes! 8 am at the car park.');
    await conversation(b).getByText('Yes! 8 am at the car park.').waitFor();
    await conversation(b).getByText('Alice', { exact: true }).waitFor();
    await shot(b, 'group-chat-1-bob');

    // Carol sees the group, can only ask to join, and has no conversation to open.
    const carolsRow = row(c, spec.panels.groupList, 'Hikers');
    await carolsRow.getByRole('button', { name: `${spec.relation.accept} Hikers` }).waitFor();
    expect(await carolsRow.getByRole('button', { name: /^Hikers/ }).count()).toBe(0);
    expect(await c.getByText('Hi Alice, ready for Saturday?').count()).toBe(0);

    // Bob leaves (after confirming): his conversation closes, later messages never reach him.
    await row(b, spec.panels.groupList, 'Hikers')
      .getByRole('button', { name: `${groupsStrings.groupChat.leave} Hikers` })
      .click();
    await b
      .getByRole('dialog', { name: groupsStrings.groupChat.leaveTitle('Hikers') })
      .getByRole('button', { name: groupsStrings.groupChat.leaveConfirm })
      .click();
    await chat(b).getByText(conversationsStrings.groupChat.noAccess('Hikers')).waitFor();
    expect(await chat(b).getByText('Yes! 8 am at the car park.').count()).toBe(0);
    await chat(a).getByText(conversationsStrings.groupChat.members(1)).waitFor();
    await send(a, 'Bob left, so this is for nobody else.');
    await conversation(a).getByText('Bob left, so this is for nobody else.').waitFor();
    await row(b, spec.panels.groupList, 'Hikers')
      .getByRole('button', { name: `${spec.relation.accept} Hikers` })
      .waitFor();
    expect(await b.getByText('Bob left, so this is for nobody else.').count()).toBe(0);
    await shot(b, 'group-chat-2-bob-left');
  });

  it('photos by paste and drop, the unread badge of another member, Seen by N', async () => {
    const alice = await createPerson('Alice');
    const bob = await createPerson('Bob');
    const carol = await createPerson('Carol');
    await createGroup(groupId, alice, [bob, carol]);
    const [a, b, c] = await Promise.all([
      loginPage(browser(), alice.email),
      loginPage(browser(), bob.email),
      loginPage(browser(), carol.email),
    ]);
    await Promise.all([openMessages(a), openMessages(b), openMessages(c)]);
    await Promise.all([openGroup(a), openGroup(b)]);
    await chat(b).getByText(conversationsStrings.groupChat.members(3)).waitFor();

    // Bob pastes one photo and drops another; Alice sees both and opens one.
    const field = chat(b).getByRole('textbox', { name: conversationsStrings.chat.inputLabel });
    await pasteImage(field, gradientPng(800, 600));
    await conversation(a)
      .getByRole('button', { name: conversationsStrings.chatImages.open('') })
      .waitFor();
    // Dropped onto the message list, not the field: the whole chat takes photos.
    await dropImage(
      chat(b).getByRole('region', { name: conversationsStrings.chat.scroller }),
      gradientPng(600, 800),
    );
    const photos = conversation(a).getByRole('button', {
      name: conversationsStrings.chatImages.open(''),
    });
    await expect.poll(() => photos.count(), { timeout: 15_000 }).toBe(2);
    await photos.first().click();
    await a.getByRole('dialog').waitFor();
    await shot(a, 'group-chat-3-alice-lightbox');
    await a.keyboard.press('Escape');
    await a.getByRole('dialog').waitFor({ state: 'detached' });

    // Carol has not opened the group: its row says 2 unread, and so does the tab title, with
    // the message of her side conversation on the other instance.
    const carolsRow = row(c, spec.panels.groupList, 'Hikers');
    await carolsRow.getByText(inboxStrings.unread(2)).waitFor();
    await expect.poll(() => c.title()).toMatch(titleCounts(2));
    await shot(c, 'group-chat-4-carol-unread');
    // Alice has it open: it was read at once, and Bob sees it.
    await chat(b).getByText(conversationsStrings.inbox.seenBy(1)).waitFor();
    await openGroup(c);
    await expect.poll(() => carolsRow.getByText(inboxStrings.unread(2)).count()).toBe(0);
    await expect.poll(() => c.title()).toMatch(titleCounts(0));
    await chat(b).getByText(conversationsStrings.inbox.seenBy(2)).waitFor();
    await shot(b, 'group-chat-5-bob-seen-by');
  });
});
