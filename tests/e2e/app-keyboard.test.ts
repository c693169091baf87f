import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { pairKey } from '../../src/lib/firebase/friends/pair-key';
import { authStrings } from '../../src/features/auth/auth-strings';
import { conversationsStrings } from '../../src/features/conversations/conversations-strings';
import { friendsStrings } from '../../src/features/friends/friends-strings';
import { groupsStrings } from '../../src/features/groups/groups-strings';
import { shellStrings } from '../../src/app/shell/shell-strings';
import { spec } from '../../src/strings/spec';
import {
  adminUpdate,
  appUrl,
  browserPerSuite,
  describeBrowser,
  newPage,
  shot,
} from '../support/browser';
import { createPerson, loginPage, panel, password, row } from './app-home-steps';

const chat = (page: Page) => page.getByRole('region', { name: conversationsStrings.chat.label });
const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user walks the page;
 * fails if it never gets there, i.e. if the target cannot be reached without a mouse.
 */
async function tabTo(page: Page, target: Locator, key = 'Tab', max = 80): Promise<void> {
  await target.waitFor();
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press(key);
    if (await isFocused(target)) return;
  }
  throw new Error(`${key} never reached ${target.toString()}`);
}

/** Presses ArrowDown until `item` has focus (a menu of at most ten items). */
async function arrowDownTo(page: Page, item: Locator): Promise<void> {
  for (let step = 0; step < 10 && !(await isFocused(item)); step += 1) {
    await page.keyboard.press('ArrowDown');
  }
  expect(await isFocused(item)).toBe(true);
}

describeBrowser('the main paths with the keyboard only', () => {
  const browser = browserPerSuite({ resetBackend: true });

  it('logs in, accepts a request, sends a message, uses a row menu and creates a group', async () => {
    const ann = await createPerson('Ann');
    const ben = await createPerson('Ben');
    const conversationId = '-Ne2eKeyboardRequest1';
    await adminUpdate({
      [`friendRequest/${conversationId}`]: {
        senderId: ben.uid,
        senderName: ben.username,
        receiverId: ann.uid,
        receiverName: ann.username,
        photo: '',
      },
      [`pairs/${pairKey(ann.uid, ben.uid)}`]: conversationId,
    });

    // Log in: the fields and the button are reached with Tab; Enter sends the form.
    const page = await newPage(browser());
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(appUrl('/login'));
    await tabTo(page, page.getByLabel(authStrings.auth.emailLabel, { exact: true }));
    await page.keyboard.type(ann.email);
    await tabTo(page, page.getByLabel(authStrings.auth.passwordLabel, { exact: true }));
    await page.keyboard.type(password);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/pages/home', { timeout: 30_000 });

    // On a fresh load, the skip link is the first stop and takes focus to the main content.
    await page.reload();
    await row(page, spec.panels.friendRequest, 'Ben').waitFor();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: shellStrings.a11y.skipToContent });
    expect(await isFocused(skip)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');

    // Accept Ben's request.
    const accept = row(page, spec.panels.friendRequest, 'Ben').getByRole('button', {
      name: `${spec.relation.accept} Ben`,
    });
    await tabTo(page, accept);
    await page.keyboard.press('Enter');
    await row(page, spec.panels.friendList, 'Ben').waitFor();

    // To the messages screen; choosing Ben puts the focus in the message field.
    await tabTo(page, page.getByRole('link', { name: shellStrings.layout.messages }), 'Shift+Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/pages/messages');
    const benButton = row(page, spec.panels.friendList, 'Ben').getByRole('button', {
      name: 'Ben',
      exact: true,
    });
    await tabTo(page, benButton);
    await page.keyboard.press('Enter');
    const field = chat(page).getByRole('textbox', { name: conversationsStrings.chat.inputLabel });
    await expect.poll(() => isFocused(field)).toBe(true);
    await page.keyboard.type('Hello Ben, typed without a mouse');
    await page.keyboard.press('Enter');
    await chat(page).getByText('Hello Ben, typed without a mouse').waitFor();
    expect(await field.inputValue()).toBe('');

    // Ben answers: the answer is read out through the polite live region.
    const benPage = await loginPage(browser(), ben.email);
    await benPage.getByRole('link', { name: shellStrings.layout.messages }).click();
    await row(benPage, spec.panels.friendList, 'Ann')
      .getByRole('button', { name: 'Ann', exact: true })
      .click();
    const benField = chat(benPage).getByRole('textbox', {
      name: conversationsStrings.chat.inputLabel,
    });
    await benField.fill('Hi Ann, loud and clear');
    await benField.press('Enter');
    const live = page.locator('#app-announcements').filter({
      hasText: shellStrings.a11y.incomingMessage('Ben', 'Hi Ann, loud and clear'),
    });
    await live.waitFor({ state: 'attached' });
    // My own message was not announced.
    expect(await page.locator('#app-announcements').textContent()).not.toContain(
      'typed without a mouse',
    );

    // The row's '⋯' menu: arrows open it and move in it, Escape closes it and returns focus.
    const menuButton = row(page, spec.panels.friendList, 'Ben').getByRole('button', {
      name: friendsStrings.a11y.rowMenu('Ben'),
    });
    await tabTo(page, menuButton, 'Shift+Tab');
    await page.keyboard.press('ArrowDown');
    // The menu opens on its first item (Pin, Mute, Archive come before Block);
    // arrows walk down to Block.
    await expect.poll(() => isFocused(page.getByRole('menuitem').first())).toBe(true);
    const block = page.getByRole('menuitem', { name: spec.relation.block });
    await arrowDownTo(page, block);
    expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
    await shot(page, 'keyboard-row-menu');
    await page.keyboard.press('Escape');
    await block.waitFor({ state: 'detached' });
    expect(await isFocused(menuButton)).toBe(true);
    // Enter opens it too, and Enter on 'Block' asks first; Escape there changes nothing.
    await page.keyboard.press('Enter');
    await expect.poll(() => isFocused(page.getByRole('menuitem').first())).toBe(true);
    await arrowDownTo(page, block);
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: friendsStrings.a11y.blockTitle('Ben') });
    await confirm.waitFor();
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    expect(await isFocused(menuButton)).toBe(true);
    await row(page, spec.panels.friendList, 'Ben').waitFor();

    // Create a group from home: the dialog's fields, then Enter.
    await tabTo(page, page.getByRole('link', { name: shellStrings.layout.home }), 'Shift+Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/pages/home');
    await tabTo(page, page.getByRole('button', { name: groupsStrings.home.createGroupLabel }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: groupsStrings.home.createGroupTitle });
    const name = dialog.getByLabel(groupsStrings.home.groupName, { exact: true });
    await expect.poll(() => isFocused(name)).toBe(true);
    await page.keyboard.type('Keyboard Club');
    await tabTo(page, dialog.getByLabel(groupsStrings.home.groupTag, { exact: true }));
    await page.keyboard.type('No mouse needed');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await panel(page, spec.panels.myGroups)
      .getByRole('listitem', { name: 'Keyboard Club' })
      .waitFor();
    await shot(page, 'keyboard-group-created');
  });
});
