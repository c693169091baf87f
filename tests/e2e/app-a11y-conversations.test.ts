import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { demoPassword } from '../../scripts/demo/users';
import { conversationsStrings } from '../../src/features/conversations/conversations-strings';
import { encryptionStrings } from '../../src/features/encryption/encryption-strings';
import { searchStrings } from '../../src/features/search/search-strings';
import { browserPerSuite, describeBrowser } from '../support/browser';
import {
  chat,
  messageWithActions,
  openFriend,
  openGroup,
  openMessages,
} from '../support/conversation-steps';
import { dismissToasts, loginPage, seedDemo, settle } from './app-home-steps';

// The message list as people see it on the demo data: replies, reactions, an edit, a deletion,
// a forward, photos, sender names in a group; and what opens from it (a message's menu, the
// emoji picker, search, the security code). app-a11y.test.ts audits the screens around it.

/** axe-core's violations on the page as it is now: rule id and the nodes it names. */
async function violations(page: Page): Promise<Array<{ rule: string; nodes: string[] }>> {
  await settle(page);
  const { violations: found } = await new AxeBuilder({ page }).analyze();
  return found.map((v) => ({
    rule: v.id,
    nodes: v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`),
  }));
}

describeBrowser('accessibility (axe-core) of conversations as the demo data shows them', () => {
  const browser = browserPerSuite({ resetBackend: true });

  it('finds no violations in a 1:1 and a group conversation, a message menu, the picker, search and the code', async () => {
    await seedDemo();
    const page = await loginPage(browser(), 'alice@example.com', demoPassword);
    await page.setViewportSize({ width: 1280, height: 720 });
    await dismissToasts(page);
    const findings: Record<string, Awaited<ReturnType<typeof violations>>> = {};

    await openMessages(page);
    await openFriend(page, 'Bob');
    await messageWithActions(page, 'The blue one').waitFor();
    // A reply's quote, reactions, an edited and a deleted message are on screen.
    await messageWithActions(page, 'See you there!').waitFor();
    findings['1:1 conversation'] = await violations(page);

    await messageWithActions(page, 'The blue one').click({ button: 'right' });
    const menu = page.getByRole('menu', { name: conversationsStrings.messageActions.menu });
    await menu.waitFor();
    findings['message menu'] = await violations(page);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });

    await chat(page).getByRole('button', { name: conversationsStrings.chat.emoji }).click();
    const picker = chat(page).getByRole('dialog', { name: conversationsStrings.chat.emojiPalette });
    await picker.waitFor();
    findings['emoji picker'] = await violations(page);
    await page.keyboard.press('Escape');
    await picker.waitFor({ state: 'detached' });

    await chat(page).getByRole('button', { name: encryptionStrings.verify }).first().click();
    const code = page.getByRole('dialog');
    await code.waitFor();
    findings['security code'] = await violations(page);
    await page.keyboard.press('Escape');
    await code.waitFor({ state: 'detached' });

    await page.keyboard.press('Control+K');
    const search = page.getByRole('dialog', { name: searchStrings.panel.title });
    await search.getByRole('searchbox', { name: searchStrings.field }).fill('coffee');
    await search.getByRole('region', { name: searchStrings.panel.results }).waitFor();
    findings['search with results'] = await violations(page);
    await page.keyboard.press('Escape');
    await search.waitFor({ state: 'detached' });

    // Sender names, photos and a forwarded reply in a group.
    await openGroup(page, 'Weekend Hikers');
    await messageWithActions(page, 'Perfect, see you there').waitFor();
    await chat(page).getByRole('img').first().waitFor();
    findings['group conversation'] = await violations(page);

    const failing = Object.fromEntries(Object.entries(findings).filter(([, list]) => list.length));
    expect(Object.keys(findings)).toHaveLength(6);
    expect(failing).toEqual({});
  }, 180_000);
});
