import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { demoPushId } from '../../scripts/demo/data';
import { messageRecord } from '../../scripts/seed-records';
import { conversationsStrings } from '../../src/features/conversations/conversations-strings';
import { searchStrings } from '../../src/features/search/search-strings';
import { whatReplaced } from '../support/page-diagnosis';
import { adminUpdate, browserPerSuite, describeBrowser, shot } from '../support/browser';
import { befriend, createPerson, loginPage, settle } from './app-home-steps';

const conversationId = '-Ne2eSearchAliceBob01';
/** Messages in the conversation; the one searched for has `BACK` newer ones after it. */
const LONG = 5300;
const BACK = 5000;
const NEEDLE = 'The climbing gym is at 42 Quarry Lane, ask for Dave';

const chat = (page: Page) => page.getByRole('region', { name: conversationsStrings.chat.label });
const panel = (page: Page) => page.getByRole('dialog', { name: searchStrings.panel.title });
const viewport = (page: Page) =>
  chat(page).getByRole('region', { name: conversationsStrings.chat.scroller });

/** Whether `element` lies wholly inside `frame` on screen. */
async function inside(element: Locator, frame: Locator): Promise<boolean> {
  const [box, outer] = await Promise.all([element.boundingBox(), frame.boundingBox()]);
  return !!box && !!outer && box.y >= outer.y && box.y + box.height <= outer.y + outer.height + 1;
}

/** Ctrl+K, the query, and the one result: chosen; then the message is shown highlighted. */
async function searchAndLand(page: Page): Promise<Locator> {
  await page.keyboard.press('Control+K');
  const field = panel(page).getByRole('searchbox', { name: searchStrings.field });
  await field.waitFor();
  await field.pressSequentially('quary lane', { delay: 30 });
  // Every key typed while the panel's code loads is kept (once, 'quarylane' found nothing).
  expect(await field.inputValue()).toBe('quary lane');
  // Found once background indexing has read that far back (newest first, 200 a page), and
  // with the typo forgiven ('quary' for 'quarry').
  const result = panel(page)
    .getByRole('region', { name: searchStrings.panel.results })
    .getByRole('button', { name: /Quarry Lane/ });
  await whatReplaced(page, panel(page), () => result.waitFor({ timeout: 150_000 }));
  // Results follow each key: an earlier key's ('quary l': a one-letter word marks nothing) may
  // still be shown when it first appears, already indexed.
  await expect
    .poll(() => result.locator('mark').allTextContents(), { timeout: 15_000 })
    .toEqual(['Quarry', 'Lane']);
  await settle(page);
  return result;
}

describeBrowser('message search', () => {
  const browser = browserPerSuite({ resetBackend: true });

  it('Ctrl+K finds a message 5,000 back; choosing it lands on it highlighted and steady', async () => {
    const alice = await createPerson('Alice');
    const bob = await createPerson('Bob');
    await befriend(conversationId, alice, bob);
    // One a minute, alternating; seeded straight into the database in batches of a thousand.
    const start = Date.now() - LONG * 60_000;
    // Odd, so Bob wrote it and Alice its neighbours.
    const needleIndex = LONG - 1 - BACK;
    let needleId = '';
    for (let i = 0; i < LONG; i += 1000) {
      const batch: Record<string, unknown> = {};
      for (let j = i; j < Math.min(LONG, i + 1000); j++) {
        const [from, to] = j % 2 ? [bob, alice] : [alice, bob];
        const at = start + j * 60_000;
        const id = demoPushId(at, 820_000 + j);
        if (j === needleIndex) needleId = id;
        const text = j === needleIndex ? NEEDLE : `Message ${String(j)} from ${from.username}`;
        batch[`sendMessage/${conversationId}/${id}`] = messageRecord(from, to, text, at);
      }
      await adminUpdate(batch);
    }

    const page = await loginPage(browser(), alice.email);
    await page.setViewportSize({ width: 1280, height: 800 });
    // From the home screen: Ctrl+K works on any signed-in screen.
    const result = await searchAndLand(page);
    await shot(page, 'search-1-results-1280');
    await result.click();
    await page.waitForURL(/\/pages\/messages\?friend=.*&view=chat/);

    const highlighted = chat(page).locator('[data-highlighted]', { hasText: 'Quarry Lane' });
    await highlighted.waitFor({ timeout: 30_000 });
    expect(
      await highlighted.evaluate(
        (el) => el.closest<HTMLElement>('[data-message-id]')?.dataset.messageId,
      ),
    ).toBe(needleId);
    const words = chat(page).locator('p', { hasText: 'Quarry Lane' });
    const first = await words.boundingBox();
    await shot(page, 'search-2-landed-1280');
    expect(await inside(words, viewport(page))).toBe(true);
    // The messages around it are loaded.
    await chat(page)
      .getByText(`Message ${String(needleIndex + 1)} from Alice`, { exact: true })
      .waitFor();
    await chat(page)
      .getByText(`Message ${String(needleIndex - 1)} from Alice`, { exact: true })
      .waitFor();
    // Steady: long enough for a page load set off by the landing to arrive and move it.
    await page.waitForTimeout(1500);
    const later = await words.boundingBox();
    expect(first).not.toBeNull();
    expect(Math.abs((later?.y ?? 0) - (first?.y ?? 0))).toBeLessThan(2);
    // Far from the end: the newest message is not in the DOM; 'Jump to latest' goes there.
    const newest = chat(page).getByText(`Message ${String(LONG - 1)} from Bob`, { exact: true });
    expect(await newest.count()).toBe(0);
    await chat(page)
      .getByRole('button', { name: new RegExp(conversationsStrings.chatReading.jumpToLatest) })
      .click();
    await newest.waitFor();

    // On a phone: the panel fits, and the landing shows the message in view.
    await page.setViewportSize({ width: 390, height: 844 });
    const phoneResult = await searchAndLand(page);
    expect(await inside(phoneResult, panel(page))).toBe(true);
    const panelBox = await panel(page).boundingBox();
    expect(panelBox && panelBox.x >= 0 && panelBox.x + panelBox.width <= 390).toBe(true);
    await shot(page, 'search-3-results-390');
    await phoneResult.click();
    await highlighted.waitFor({ timeout: 30_000 });
    expect(await inside(words, viewport(page))).toBe(true);
    const box = await words.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await shot(page, 'search-4-landed-390');
    await settle(page);
  }, 300_000);
});
