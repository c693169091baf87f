import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { demoPushId } from '../../scripts/demo/data';
import { messageRecord } from '../../scripts/seed-records';
import { conversationsStrings } from '../../src/features/conversations/conversations-strings';
import { adminGet, adminUpdate, browserPerSuite, describeBrowser, shot } from '../support/browser';
import {
  chat,
  chatField,
  hikersGroup,
  openFriend,
  openMessages,
  typeAndSend,
} from '../support/conversation-steps';
import { befriend, createPerson, loginPage, settle } from './app-home-steps';

// The message list with the keyboard alone (a feed of articles with one Tab stop): arrows,
// Home through older pages, End, Enter for the menu, Tab into a message and Escape out.
const strings = conversationsStrings.messageActions;
const conversationId = '-Ne2eKeysAliceBob0001';
const groupId = '-Ne2eKeysHikers000001';
/** More than two pages of 50: Home has to load older pages to reach the first. */
const COUNT = 120;
/** Two browsers, a hundred and more messages and two screenshots: beyond the default minute. */
const LONG_TEST_MS = 150_000;

const feed = (page: Page) => chat(page).getByRole('feed');
/** The article of the message whose text is `text` (its name ends with it). */
const article = (page: Page, text: string): Locator =>
  feed(page).getByRole('article', {
    name: new RegExp(`: ${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
  });
const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);
/** The accessible name of the focused element's article, or what has the focus instead. */
const focusedText = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el?.getAttribute('role') === 'article'
      ? (el.querySelector('[data-message-body]')?.textContent ?? '')
      : `${el?.tagName ?? 'nothing'} ${el?.getAttribute('aria-label') ?? el?.textContent ?? ''}`;
  });
/** Whether the focused element lies wholly inside the list's scrolling box. */
const focusedInView = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    const box = el?.closest('[data-message-scroller]')?.getBoundingClientRect();
    const at = el?.getBoundingClientRect();
    return !!box && !!at && at.top >= box.top && at.bottom <= box.bottom;
  });
const focusInFeed = (page: Page) =>
  page.evaluate(() => !!document.activeElement?.closest('[role="feed"]'));

async function press(page: Page, key: string, times = 1): Promise<void> {
  for (let i = 0; i < times; i += 1) await page.keyboard.press(key);
}

/** Every element of the feed that Tab stops at. */
const tabStops = (page: Page) =>
  feed(page).evaluate((list) => {
    const scroller = list.closest('[data-message-scroller]');
    const stops = [...(scroller?.querySelectorAll<HTMLElement>('[tabindex], a, button') ?? [])]
      .filter((el) => el.tabIndex >= 0)
      .map((el) => el.getAttribute('role') ?? el.tagName);
    return scroller instanceof HTMLElement && scroller.tabIndex >= 0
      ? ['scroller', ...stops]
      : stops;
  });

describeBrowser('the message list with the keyboard', () => {
  const browser = browserPerSuite({ resetBackend: true });

  it(
    '1:1: one Tab stop, arrows, Home through older pages, End, the menu and Tab into a message',
    async () => {
      const alice = await createPerson('Alice');
      const bob = await createPerson('Bob');
      await befriend(conversationId, alice, bob);
      // One a minute, alternating; a link near the end, a reaction on the one after it.
      const start = Date.now() - COUNT * 60_000;
      const records: Record<string, unknown> = {};
      const ids: string[] = [];
      for (let i = 0; i < COUNT; i += 1) {
        const [from, to] = i % 2 ? [bob, alice] : [alice, bob];
        const text =
          i === COUNT - 3
            ? 'the trail is at https://example.com/trail'
            : `Message ${String(i)} from ${from.username}`;
        const id = demoPushId(start + i * 60_000, i);
        ids.push(id);
        const record = messageRecord(from, to, text, start + i * 60_000);
        records[`sendMessage/${conversationId}/${id}`] =
          i === COUNT - 2 ? { ...record, reactions: { '👍': { [bob.uid]: start } } } : record;
      }
      await adminUpdate(records);

      const a = await loginPage(browser(), alice.email);
      await a.setViewportSize({ width: 1280, height: 720 });
      await openMessages(a);
      await openFriend(a, 'Bob');
      await chat(a)
        .getByText(`Message ${String(COUNT - 1)} from Bob`)
        .waitFor();
      await expect.poll(() => isFocused(chatField(a))).toBe(true);
      const newest = article(a, `Message ${String(COUNT - 1)} from Bob`);

      // One Tab stop: Shift+Tab from the field lands on the newest message, not on a chip.
      await press(a, 'Shift+Tab');
      expect(await focusedText(a)).toBe(`Message ${String(COUNT - 1)} from Bob`);
      expect(await tabStops(a)).toEqual(['article']);
      // Named by sender, time and text; its place in a feed whose size is not known yet.
      expect(await newest.getAttribute('aria-setsize')).toBe('-1');
      expect(Number(await newest.getAttribute('aria-posinset'))).toBeGreaterThan(1);
      expect(await feed(a).getAttribute('aria-busy')).toBe('false');
      const reacted = article(a, `Message ${String(COUNT - 2)} from Alice`);
      expect(await reacted.getByRole('button', { name: /^👍/ }).getAttribute('tabindex')).toBe(
        '-1',
      );

      // Up and Down move message to message; the Tab stop follows.
      await press(a, 'ArrowUp', 2);
      expect(await focusedText(a)).toBe('the trail is at https://example.com/trail');
      expect(await tabStops(a)).toEqual(['article']);
      await press(a, 'ArrowDown');
      expect(await focusedText(a)).toBe(`Message ${String(COUNT - 2)} from Alice`);
      await press(a, 'ArrowUp');

      // Tab enters the message (its link, then its actions), Escape goes back to it.
      const linked = article(a, 'the trail is at https://example.com/trail');
      const link = linked.getByRole('link', { name: 'https://example.com/trail' });
      await press(a, 'Tab');
      expect(await isFocused(link)).toBe(true);
      await press(a, 'Escape');
      expect(await isFocused(linked)).toBe(true);
      // Tab from its last control leaves the list for the composer.
      await press(a, 'Tab');
      const walked: string[] = [];
      for (let i = 0; i < 6 && (await focusInFeed(a)); i += 1) {
        walked.push(await focusedText(a));
        await press(a, 'Tab');
      }
      expect(walked[0]).toContain('https://example.com/trail');
      expect(walked.at(-1)).toContain(strings.more);
      expect(await focusInFeed(a)).toBe(false);
      for (let i = 0; i < 5 && !(await isFocused(chatField(a))); i += 1) await press(a, 'Tab');
      expect(await isFocused(chatField(a))).toBe(true);
      // Back from the field: the message last focused.
      await press(a, 'Shift+Tab');
      expect(await isFocused(linked)).toBe(true);

      // Enter opens the menu; Escape gives the focus back; Reply with Enter, then a send.
      await press(a, 'ArrowDown', 2);
      expect(await isFocused(newest)).toBe(true);
      await press(a, 'Enter');
      const menu = a.getByRole('menu', { name: strings.menu });
      await expect.poll(() => isFocused(menu.getByRole('menuitem').first())).toBe(true);
      await settle(a);
      await shot(a, 'keys-1-menu-1280');
      await press(a, 'Escape');
      await menu.waitFor({ state: 'detached' });
      expect(await isFocused(newest)).toBe(true);
      for (const key of ['ContextMenu', 'Shift+F10']) {
        await press(a, key);
        await expect.poll(() => isFocused(menu.getByRole('menuitem').first())).toBe(true);
        await press(a, 'Escape');
        await menu.waitFor({ state: 'detached' });
        expect(await isFocused(newest)).toBe(true);
      }
      await press(a, 'Enter');
      // 'React' first, then 'Reply'.
      const react = menu.getByRole('menuitem', { name: strings.react, exact: true });
      await expect.poll(() => isFocused(react)).toBe(true);
      await press(a, 'ArrowDown');
      const reply = menu.getByRole('menuitem', { name: strings.reply, exact: true });
      await expect.poll(() => isFocused(reply)).toBe(true);
      await press(a, 'Enter');
      await chat(a).getByText(strings.replyingTo('Bob')).waitFor();
      await expect.poll(() => isFocused(chatField(a))).toBe(true);
      await a.keyboard.type('on my way');
      await press(a, 'Enter');
      const answer = article(a, 'on my way');
      await answer.waitFor();
      await expect
        .poll(async () =>
          Object.values(
            (await adminGet(`sendMessage/${conversationId}`)) as Record<string, unknown>,
          )
            .map((m) => m as { message?: string; replyTo?: string })
            .filter((m) => m.replyTo)
            .map((m) => m.replyTo),
        )
        .toEqual([ids[COUNT - 1]]);

      // End: the newest; Home: older pages load (the feed busy meanwhile) up to the first.
      await press(a, 'Shift+Tab');
      expect(await isFocused(newest)).toBe(true);
      await press(a, 'End');
      await expect.poll(() => isFocused(answer)).toBe(true);
      await feed(a).evaluate((list) => {
        const seen: string[] = [];
        new MutationObserver(() => seen.push(list.getAttribute('aria-busy') ?? '')).observe(list, {
          attributeFilter: ['aria-busy'],
        });
        Object.assign(window, { busySeen: seen });
      });
      await press(a, 'Home');
      const first = article(a, 'Message 0 from Alice');
      await expect.poll(() => isFocused(first), { timeout: 60_000 }).toBe(true);
      expect(
        await a.evaluate(() => (window as unknown as { busySeen: string[] }).busySeen),
      ).toContain('true');
      expect(await first.getAttribute('aria-posinset')).toBe('1');
      expect(await first.getAttribute('aria-setsize')).toBe(String(COUNT + 1));
      await press(a, 'ArrowDown');
      expect(await focusedText(a)).toBe('Message 1 from Bob');
      // Page Down scrolls a screen and the focus follows to a message in view; Page Up back.
      await press(a, 'PageDown');
      await expect
        .poll(() => a.evaluate(() => Number(document.activeElement?.getAttribute('aria-posinset'))))
        .toBeGreaterThan(3);
      expect(await focusedInView(a)).toBe(true);
      await press(a, 'PageUp');
      await expect.poll(() => isFocused(first)).toBe(true);
      // Scrolled far from it, the current message is not drawn: the box is the Tab stop then,
      // and hands the focus on to that message.
      await chat(a)
        .locator('[data-message-scroller]')
        .evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
      await expect.poll(() => first.count()).toBe(0);
      expect(await tabStops(a)).toEqual(['scroller']);
      await chatField(a).focus();
      await press(a, 'Shift+Tab');
      await expect.poll(() => isFocused(first)).toBe(true);
      expect(await focusedInView(a)).toBe(true);

      // The focused message as it looks, on a desktop and a phone: its ring in full.
      await settle(a);
      await shot(a, 'keys-2-first-focused-1280');
      await press(a, 'End');
      await expect.poll(() => isFocused(answer)).toBe(true);
      await press(a, 'ArrowUp');
      await settle(a);
      await shot(a, 'keys-3-focused-1280');
      // The feed as axe-core reads it: articles only, each named, a chip, a link and a quote inside.
      const { violations } = await new AxeBuilder({ page: a }).include('[role="feed"]').analyze();
      expect(violations.map((v) => `${v.id}: ${v.nodes[0]?.html ?? ''}`)).toEqual([]);
      // A phone shows the lists or the chat: from the field, the message last focused again.
      await a.setViewportSize({ width: 390, height: 844 });
      if (!(await chat(a).isVisible())) await openFriend(a, 'Bob');
      await chatField(a).focus();
      await press(a, 'Shift+Tab');
      await expect.poll(() => focusedText(a)).toBe(`Message ${String(COUNT - 1)} from Bob`);
      await settle(a);
      await shot(a, 'keys-4-focused-390');
    },
    LONG_TEST_MS,
  );

  it(
    'group: the sender in each name, React with the keys, chips outside the Tab order',
    async () => {
      const { a, b } = await hikersGroup(browser(), groupId);
      await typeAndSend(b, 'Saturday at 7?');
      await chat(b).getByText('Saturday at 7?').waitFor();
      await typeAndSend(b, 'bring the tent');
      await chat(b).getByText('bring the tent').waitFor();
      // Bob's message stored (Alice has it) before she answers, so hers is the newest on the
      // server too: a send of Bob's still sealing could otherwise be stored after hers, and sit
      // below it rightly (the pending order itself: conversations-pending-order.test.ts).
      await chat(a).getByText('bring the tent').waitFor();
      await typeAndSend(a, 'Noted');
      await chat(a).getByText('Noted').waitFor();
      expect(await feed(a).getByRole('article').last().textContent()).toContain('Noted');
      await chatField(a).focus();

      await press(a, 'Shift+Tab');
      expect(await focusedText(a)).toBe('Noted');
      expect(await isFocused(feed(a).getByRole('article', { name: /^You, .+: Noted$/ }))).toBe(
        true,
      );
      await press(a, 'ArrowUp');
      const tent = feed(a).getByRole('article', { name: /^Bob, .+: bring the tent$/ });
      expect(await isFocused(tent)).toBe(true);

      // React: Tab to the message's React button, Enter, Enter on the first emoji.
      await press(a, 'Tab');
      expect(await isFocused(tent.getByRole('button', { name: strings.react }))).toBe(true);
      await press(a, 'Enter');
      await expect
        .poll(() => focusedText(a))
        .toBe(`BUTTON ${conversationsStrings.reactions.reactWith('👍')}`);
      await press(a, 'Enter');
      const chip = tent.getByRole('button', { name: /^👍 1 reaction, including yours$/ });
      await chip.waitFor();
      await article(b, 'bring the tent')
        .getByRole('button', { name: /^👍 1 reaction$/ })
        .waitFor();
      await press(a, 'Escape');
      expect(await isFocused(tent)).toBe(true);
      expect(await chip.getAttribute('tabindex')).toBe('-1');

      // From the field, Shift+Tab reaches the message, never the chip; Home the first.
      await chatField(a).focus();
      await press(a, 'Shift+Tab');
      expect(await isFocused(tent)).toBe(true);
      await press(a, 'Home');
      await expect.poll(() => focusedText(a)).toBe('Saturday at 7?');
      await press(a, 'Enter');
      const menu = a.getByRole('menu', { name: strings.menu });
      await expect.poll(() => isFocused(menu.getByRole('menuitem').first())).toBe(true);
      await press(a, 'Escape');
      expect(await focusedText(a)).toBe('Saturday at 7?');
    },
    LONG_TEST_MS,
  );
});
