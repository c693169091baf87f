import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { conversationsStrings } from '../../src/features/conversations/conversations-strings';
import { friendsStrings } from '../../src/features/friends/friends-strings';
import { shellStrings } from '../../src/app/shell/shell-strings';
import { spec } from '../../src/strings/spec';
import { browserPerSuite, describeBrowser, shot } from '../support/browser';
import { befriend, createPerson, loginPage, row, settle } from './app-home-steps';

async function openMessages(page: Page): Promise<void> {
  await page.getByRole('link', { name: shellStrings.layout.messages }).click();
  await page.waitForURL('**/pages/messages');
}

const chat = (page: Page) => page.getByRole('region', { name: conversationsStrings.chat.label });

async function selectFriend(page: Page, name: string): Promise<void> {
  await row(page, spec.panels.friendList, name).getByRole('button', { name, exact: true }).click();
  await chat(page).getByRole('heading', { name }).waitFor();
}

async function send(page: Page, text: string): Promise<void> {
  await chat(page).getByRole('textbox', { name: conversationsStrings.chat.inputLabel }).fill(text);
  await chat(page)
    .getByRole('textbox', { name: conversationsStrings.chat.inputLabel })
    .press('Enter');
}

describeBrowser('messages between two friends in two browsers', () => {
  const browser = browserPerSuite({ resetBackend: true });

  it('A selects B and writes, B sees it live and replies, A sees the reply', async () => {
    const alice = await createPerson('Alice');
    const bob = await createPerson('Bob');
    await befriend('-Ne2eAliceAndBob0001', alice, bob);
    const [a, b] = await Promise.all([
      loginPage(browser(), alice.email),
      loginPage(browser(), bob.email),
    ]);
    await Promise.all([openMessages(a), openMessages(b)]);
    await chat(a).getByRole('heading', { name: spec.chat.selectFriend }).waitFor();
    await a.mouse.move(700, 600);
    await settle(a);
    await shot(a, 'messages-1-alice-no-selection');

    await selectFriend(a, 'Bob');
    await chat(a).getByText(conversationsStrings.chat.sayHello('Bob')).waitFor();
    await chat(a).getByRole('button', { name: conversationsStrings.chat.emoji }).click();
    await chat(a).getByRole('dialog', { name: conversationsStrings.chat.emojiPalette }).waitFor();
    await settle(a);
    await shot(a, 'messages-2-alice-empty-chat-emoji');
    // The emoji picker (emoji-picker-element, in its shadow root): search, then pick a result.
    await chat(a)
      .getByRole('combobox', { name: conversationsStrings.chatImages.emojiSearch })
      .fill('waving hand');
    await chat(a)
      .getByRole('option', { name: /waving hand/i })
      .first()
      .click();
    const field = chat(a).getByRole('textbox', { name: conversationsStrings.chat.inputLabel });
    // The picker looks the emoji up in its database before it reports the click: wait for it.
    await expect.poll(() => field.inputValue()).toBe('👋');
    await field.fill('');

    await send(a, 'Hi Bob, how are you?');
    await chat(a).getByText('Hi Bob, how are you?').waitFor();
    expect(await field.inputValue()).toBe('');

    await selectFriend(b, 'Alice');
    await chat(b).getByText('Hi Bob, how are you?').waitFor();
    // Alice has the app open, so her status record says so.
    await chat(b).getByText(spec.chat.online, { exact: true }).waitFor();
    await send(b, 'Great, thanks Alice!');
    await chat(b).getByText('Great, thanks Alice!').waitFor();
    await chat(a).getByText('Great, thanks Alice!').waitFor();
    await shot(a, 'messages-3-alice-conversation');
    await shot(b, 'messages-3-bob-conversation');

    // The selection survives a reload ('friendLists' in local storage).
    await a.reload();
    await chat(a).getByText('Great, thanks Alice!').waitFor();
    expect(await a.evaluate(() => localStorage.getItem('friendLists'))).toContain('"name":"Bob"');

    // Bob blocks Alice: her chat says so and she can no longer type.
    await row(b, spec.panels.friendList, 'Alice')
      .getByRole('button', { name: friendsStrings.a11y.rowMenu('Alice') })
      .click();
    await b.getByRole('menuitem', { name: spec.relation.block }).click();
    await b
      .getByRole('dialog', { name: friendsStrings.a11y.blockTitle('Alice') })
      .getByRole('button', { name: friendsStrings.a11y.blockConfirm })
      .click();
    await chat(a).getByText(conversationsStrings.chat.blockedBy('Bob')).waitFor();
    expect(await chat(a).getByText(spec.chat.online).count()).toBe(0);
    expect(
      await chat(a)
        .getByRole('textbox', { name: conversationsStrings.chat.inputLabel })
        .isDisabled(),
    ).toBe(true);
    await shot(a, 'messages-4-alice-blocked');
  }, 150_000);
});
