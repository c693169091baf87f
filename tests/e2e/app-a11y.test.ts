import { AxeBuilder } from '@axe-core/playwright';
import { mkdirSync, writeFileSync } from 'node:fs';
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
  appUrl,
  browserPerSuite,
  describeBrowser,
  newPage,
  screenshotDir,
  shot,
} from '../support/browser';
import { SIDE_UNREAD } from '../support/side-conversations';
import { befriend, createPerson, dismissToasts, loginPage, row, settle } from './app-home-steps';

/** Every rule axe-core runs (any impact), per screen: rule id and the nodes it names. */
type Findings = Record<string, Array<{ rule: string; impact: string; nodes: string[] }>>;

async function audit(page: Page, findings: Findings, screen: string): Promise<void> {
  await settle(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  findings[screen] = violations.map((v) => ({
    rule: v.id,
    impact: v.impact ?? '',
    nodes: v.nodes.map(
      (n) => `${n.target.join(' ')} ${n.html.slice(0, 160)} ${n.failureSummary ?? ''}`,
    ),
  }));
}

/** The screen at the two sizes of the issue, for a person to look at (test-artifacts/). */
async function shots(page: Page, name: string): Promise<void> {
  for (const [width, height] of [
    [1280, 720],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await settle(page);
    await shot(page, `a11y-${name}-${width}x${height}`);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

describeBrowser('accessibility (axe-core) of every screen', () => {
  const browser = browserPerSuite({ resetBackend: true });

  it('finds no violations on the account screens, the signed-in screens and the dialogs', async () => {
    const findings: Findings = {};
    const visitor = await newPage(browser());
    await visitor.setViewportSize({ width: 1280, height: 720 });
    await visitor.goto(appUrl('/'));
    await visitor.getByRole('form', { name: authStrings.auth.registerForm }).waitFor();
    await audit(visitor, findings, 'register /');
    await shots(visitor, 'register');
    await visitor.goto(appUrl('/login'));
    await visitor.getByRole('form', { name: authStrings.auth.loginForm }).waitFor();
    await audit(visitor, findings, 'login /login');
    await shots(visitor, 'login');
    await visitor.getByRole('button', { name: spec.auth.forgetPassword }).click();
    await visitor.getByRole('button', { name: spec.auth.forgetPassword }).waitFor({
      state: 'detached',
    });
    await audit(visitor, findings, 'login reset panel');

    const ann = await createPerson('Ann');
    const ben = await createPerson('Ben');
    await befriend('-Ne2eA11yFriends00001', ann, ben);
    const page = await loginPage(browser(), ann.email);
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.getByRole('heading', { level: 1, name: shellStrings.a11y.titles.home }).waitFor();
    await row(page, spec.panels.friendList, 'Ben').waitFor();
    // Ann's side conversation on the other instance has a message she has not read.
    expect(await page.title()).toBe(
      `(${String(SIDE_UNREAD)}) ${shellStrings.a11y.titles.home} · Chatty`,
    );
    await audit(page, findings, 'home /pages/home');
    await shots(page, 'home');

    await page
      .getByRole('button', { name: `${spec.relation.block} Ben` })
      .first()
      .click();
    const confirm = page.getByRole('dialog', { name: friendsStrings.a11y.blockTitle('Ben') });
    await confirm.waitFor();
    await audit(page, findings, 'block confirmation dialog');
    await confirm.getByRole('button', { name: componentsStrings.a11y.cancel }).click();
    await confirm.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: groupsStrings.home.createGroupLabel }).click();
    const createGroup = page.getByRole('dialog');
    await createGroup.waitFor();
    // Focus stays in the dialog however far Tab goes.
    for (let i = 0; i < 12; i += 1) await page.keyboard.press('Tab');
    expect(await createGroup.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await audit(page, findings, 'create-group dialog');
    await page.keyboard.press('Escape');
    await createGroup.waitFor({ state: 'detached' });

    // Ben writes first, so Ann's chat shows an incoming message (bubble, time, live region).
    const benPage = await loginPage(browser(), ben.email);
    await benPage.getByRole('link', { name: shellStrings.layout.messages }).click();
    await row(benPage, spec.panels.friendList, 'Ann')
      .getByRole('button', { name: 'Ann', exact: true })
      .click();
    const benInput = benPage
      .getByRole('region', { name: conversationsStrings.chat.label })
      .getByRole('textbox', { name: conversationsStrings.chat.inputLabel });
    await benInput.fill('Hello Ann, how are you?');
    await benInput.press('Enter');

    await page.getByRole('link', { name: shellStrings.layout.messages }).click();
    await page.waitForURL('**/pages/messages');
    await row(page, spec.panels.friendList, 'Ben')
      .getByRole('button', { name: 'Ben', exact: true })
      .click();
    await page
      .getByRole('region', { name: conversationsStrings.chat.label })
      .getByRole('heading', { name: 'Ben' })
      .waitFor();
    await page
      .getByRole('region', { name: conversationsStrings.chat.label })
      .getByText('Hello Ann, how are you?')
      .first()
      .waitFor();
    await audit(page, findings, 'messages /pages/messages (conversation open)');
    await shots(page, 'messages');
    await page.getByRole('button', { name: friendsStrings.a11y.rowMenu('Ben') }).click();
    await page.getByRole('menuitem', { name: spec.relation.block }).waitFor();
    await audit(page, findings, 'conversation row menu');
    await page.keyboard.press('Escape');
    // A phone shows the chat alone, with its way back to the list.
    await page.setViewportSize({ width: 390, height: 844 });
    await row(page, spec.panels.friendList, 'Ben')
      .getByRole('button', { name: 'Ben', exact: true })
      .click();
    await page.getByRole('button', { name: shellStrings.a11y.backToConversations }).waitFor();
    await audit(page, findings, 'messages on a phone (chat alone)');
    await page.setViewportSize({ width: 1280, height: 720 });

    for (const [path, name] of [
      ['/pages/notification', 'notification'],
      ['/pages/settings', 'settings'],
    ] as const) {
      await page.goto(appUrl(path));
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await dismissToasts(page);
      await audit(page, findings, `${name} ${path}`);
      await shots(page, name);
    }

    mkdirSync(screenshotDir, { recursive: true });
    writeFileSync(
      join(screenshotDir, '..', 'axe-findings.json'),
      JSON.stringify(findings, null, 2),
    );
    const failing = Object.fromEntries(Object.entries(findings).filter(([, list]) => list.length));
    expect(failing).toEqual({});
    // About 12 audits and full-page screenshots at two sizes: ~60 s on a busy 2-core machine.
  }, 180_000);
});
