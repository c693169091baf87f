import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { componentsStrings } from '../../src/components/components-strings';
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
  screenshotDir,
} from '../support/browser';
import { befriend, createPerson, dismissToasts, loginPage, row, settle } from './app-home-steps';

const DESKTOPS = [
  [1280, 720],
  [1366, 768],
  [1440, 900],
  [1920, 1080],
] as const;
/** The sizes a person looks at (test-artifacts/screenshots): the smallest desktop, a tablet, a phone. */
const SHOTS = [
  [1280, 720],
  [768, 1024],
  [390, 844],
] as const;

/** The viewport as a person sees it (the page never scrolls; its parts scroll inside). */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: join(screenshotDir, `${name}.png`) });

const chat = (page: Page) => page.getByRole('region', { name: conversationsStrings.chat.label });

/** How far the document itself scrolls past the viewport (0: the screen fits). */
const pageOverflow = (page: Page) =>
  page.evaluate(() => {
    const doc = document.scrollingElement ?? document.documentElement;
    return { scroll: doc.scrollHeight - window.innerHeight, wide: doc.scrollWidth - innerWidth };
  });

/**
 * Checks a screen at every desktop size (the page never scrolls, in either direction) and
 * saves it at the sizes a person looks at. `ready` waits for what the screen must show.
 */
async function check(
  page: Page,
  name: string,
  overflows: Record<string, unknown>,
  ready: () => Promise<unknown>,
): Promise<void> {
  for (const [width, height] of DESKTOPS) {
    await page.setViewportSize({ width, height });
    await ready();
    await settle(page);
    const { scroll, wide } = await pageOverflow(page);
    if (scroll > 0 || wide > 0) overflows[`${name} ${width}x${height}`] = { scroll, wide };
  }
  for (const [width, height] of SHOTS) {
    await page.setViewportSize({ width, height });
    await ready();
    await settle(page);
    await shot(page, `screens-${name}-${width}x${height}`);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

describeBrowser('every screen fits the desktop sizes, with screenshots', () => {
  const browser = browserPerSuite({ resetBackend: true });

  it('no screen scrolls as a page at 1280x720 to 1920x1080; phones get one column', async () => {
    const overflows: Record<string, unknown> = {};
    const visitor = await newPage(browser());
    await visitor.goto(appUrl('/'));
    const registerForm = visitor.getByRole('form', { name: authStrings.auth.registerForm });
    await check(visitor, 'register', overflows, () => registerForm.waitFor());
    await visitor.goto(appUrl('/login'));
    const loginForm = visitor.getByRole('form', { name: authStrings.auth.loginForm });
    await check(visitor, 'login', overflows, () => loginForm.waitFor());
    await visitor.getByRole('button', { name: spec.auth.forgetPassword }).click();
    const reset = visitor.getByRole('button', { name: spec.auth.backToLogin });
    await check(visitor, 'login-reset', overflows, () => reset.waitFor());

    // Long names and more rows than fit: nothing may squeeze a name, panels scroll inside.
    const ann = await createPerson('Ann');
    const ben = await createPerson('Benedict-Cumberbatch');
    await befriend('-Ne2eScreensFriend0000', ann, ben);
    for (const [index, name] of ['Cleo', 'Dan', 'Eve', 'Finn', 'Gus'].entries()) {
      await befriend(`-Ne2eScreensFriend000${index + 1}`, ann, await createPerson(name));
    }
    const at = Date.now();
    await adminUpdate({
      'Mygroup/-Ne2eScreensGroup00001': {
        adminId: ben.uid,
        adminName: ben.username,
        groupName: 'Board Games Night Club',
        groupTag: 'Every second Friday at eight',
      },
      [`groupMembership/-Ne2eScreensGroup00001/${ann.uid}`]: {
        status: 'invited',
        username: ann.username,
        at,
      },
      [`userGroups/${ann.uid}/-Ne2eScreensGroup00001`]: { status: 'invited' },
      'Mygroup/-Ne2eScreensGroup00002': {
        adminId: ann.uid,
        adminName: ann.username,
        groupName: 'Weekend Hikers',
        groupTag: 'Trails around the lake',
      },
      [`groupMembership/-Ne2eScreensGroup00002/${ben.uid}`]: {
        status: 'member',
        username: ben.username,
        at,
      },
      [`userGroups/${ben.uid}/-Ne2eScreensGroup00002`]: { status: 'member' },
    });

    // Ben writes first, so Ann's conversation list has a preview and her chat a message.
    const benPage = await loginPage(browser(), ben.email);
    await benPage.getByRole('link', { name: shellStrings.layout.messages }).click();
    await row(benPage, spec.panels.friendList, 'Ann')
      .getByRole('button', { name: 'Ann', exact: true })
      .click();
    const benField = chat(benPage).getByRole('textbox', {
      name: conversationsStrings.chat.inputLabel,
    });
    await benField.fill('Hi Ann, are you coming to the board games night on Friday?');
    await benField.press('Enter');

    const page = await loginPage(browser(), ann.email);
    await check(page, 'home', overflows, () => row(page, spec.panels.friendList, 'Gus').waitFor());

    await page.getByRole('link', { name: shellStrings.layout.messages }).click();
    await page.waitForURL('**/pages/messages');
    const benRow = row(page, spec.panels.friendList, ben.username);
    await benRow.getByRole('button', { name: ben.username, exact: true }).click();
    await chat(page).getByText('board games night', { exact: false }).first().waitFor();
    // On a phone this screen is the list (the chat alone is the next test's screenshot).
    await check(page, 'messages', overflows, () => benRow.waitFor());

    // A group's conversation fills the same room, its field in view.
    const hikers = row(page, spec.panels.groupList, 'Weekend Hikers').getByRole('button', {
      name: /^Weekend Hikers/,
    });
    await hikers.click();
    await chat(page).getByRole('heading', { name: 'Weekend Hikers' }).waitFor();
    await check(page, 'messages-group', overflows, () => hikers.waitFor());
    await benRow.getByRole('button', { name: ben.username, exact: true }).click();

    // The row's '⋯' menu opens the block confirmation; the name keeps its room.
    await benRow.getByRole('button', { name: friendsStrings.a11y.rowMenu(ben.username) }).click();
    await page.getByRole('menuitem', { name: spec.relation.block }).waitFor();
    await shot(page, 'screens-messages-row-menu-1280x720');
    await page.getByRole('menuitem', { name: spec.relation.block }).click();
    const confirm = page.getByRole('dialog', {
      name: friendsStrings.a11y.blockTitle(ben.username),
    });
    await check(page, 'block-dialog', overflows, () => confirm.waitFor());
    await confirm.getByRole('button', { name: componentsStrings.a11y.cancel }).click();

    for (const [path, name] of [
      ['/pages/notification', 'notification'],
      ['/pages/settings', 'settings'],
    ] as const) {
      await page.goto(appUrl(path));
      await dismissToasts(page);
      await check(page, name, overflows, () =>
        page.getByRole('heading', { level: 1 }).first().waitFor(),
      );
    }

    await page.goto(appUrl('/pages/home'));
    await dismissToasts(page);
    await page.getByRole('button', { name: groupsStrings.home.createGroupLabel }).click();
    const createGroup = page.getByRole('dialog');
    await check(page, 'create-group-dialog', overflows, () => createGroup.waitFor());

    expect(overflows).toEqual({});
    // Every screen at five sizes: 20 s alone, over 60 s at load 24.
  }, 150_000);

  it('on a phone, the messages screen is the list, then the chat alone with a way back', async () => {
    const ann = await createPerson('Ann');
    const ben = await createPerson('Ben');
    await befriend('-Ne2ePhoneFriends00001', ann, ben);
    const page = await loginPage(browser(), ann.email);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('link', { name: shellStrings.layout.messages }).click();
    await page.waitForURL('**/pages/messages');
    const benButton = row(page, spec.panels.friendList, 'Ben').getByRole('button', {
      name: 'Ben',
      exact: true,
    });
    await benButton.click();
    const field = chat(page).getByRole('textbox', { name: conversationsStrings.chat.inputLabel });
    await field.waitFor();
    // Only the chat shows, focus is in its field, and it fits the phone's screen.
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await benButton.isVisible()).toBe(false);
    expect(await field.evaluate((el) => el.getBoundingClientRect().bottom)).toBeLessThanOrEqual(
      844,
    );
    expect((await pageOverflow(page)).scroll).toBeLessThanOrEqual(0);
    await shot(page, 'screens-phone-chat-390x844');

    // The browser's back returns to the list; so does the back button.
    await page.goBack();
    await benButton.waitFor();
    expect(await chat(page).isVisible()).toBe(false);
    await benButton.click();
    await field.waitFor();
    await page.getByRole('button', { name: shellStrings.a11y.backToConversations }).click();
    await benButton.waitFor();
    // Focus is back on the conversation the chat showed.
    await expect.poll(() => benButton.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(page.url()).not.toContain('view=chat');
  });
});
