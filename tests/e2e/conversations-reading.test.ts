import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { demoPushId } from '../../scripts/demo/data';
import { messageRecord } from '../../scripts/seed-records';
import { MESSAGE_MAX_LENGTH } from '../../src/lib/firebase/conversations/message';
import { conversationsStrings } from '../../src/features/conversations/conversations-strings';
import { shellStrings } from '../../src/app/shell/shell-strings';
import { spec } from '../../src/strings/spec';
import { adminUpdate, browserPerSuite, describeBrowser, shot } from '../support/browser';
import { befriend, createPerson, loginPage, row } from './app-home-steps';
type Person = { uid: string; username: string };
/** Each test's own conversation, so one test's messages never show in the other's. */
let conversationId = '-Ne2eReadingAliceBob1';
const LONG = 2000;
/** The composer's line (leading-6) and its cap (max-h-32, about five lines), in px. */
const LINE_PX = 24;
const FIELD_MAX_PX = 128;

let counter = 0;
/** Writes messages as the database would hold them (admin REST, in batches of a thousand); returns the last one's id. */
async function seedMessages(list: Array<{ from: Person; to: Person; text: string; at: number }>) {
  let lastId = '';
  for (let i = 0; i < list.length; i += 1000) {
    const batch: Record<string, unknown> = {};
    for (const m of list.slice(i, i + 1000)) {
      lastId = demoPushId(m.at, counter++);
      batch[`sendMessage/${conversationId}/${lastId}`] = messageRecord(m.from, m.to, m.text, m.at);
    }
    await adminUpdate(batch);
  }
  return lastId;
}

const chat = (page: Page) => page.getByRole('region', { name: conversationsStrings.chat.label });
const conversation = (_page: Page) =>
  `[role="feed"][aria-label="${conversationsStrings.chat.conversationWith('Bob')}"]`;
const scroller = (page: Page) => chat(page).locator('[data-virtuoso-scroller="true"]');

/** Messages in the DOM (each an article of the feed). */
const renderedMessages = (page: Page) =>
  page.locator(`${conversation(page)} [role="article"]`).count();

/** The lowest Virtuoso index in the DOM: it goes down as older pages are prepended. */
const firstIndex = (page: Page) =>
  page.evaluate(
    (sel) =>
      Math.min(
        ...[...document.querySelectorAll(`${sel} > [data-item-index]`)].map((li) =>
          Number(li.getAttribute('data-item-index')),
        ),
      ),
    conversation(page),
  );

async function openChatWithBob(page: Page) {
  await page.getByRole('link', { name: shellStrings.layout.messages }).click();
  await page.waitForURL('**/pages/messages');
  await row(page, spec.panels.friendList, 'Bob')
    .getByRole('button', { name: 'Bob', exact: true })
    .click();
  await chat(page).getByRole('heading', { name: 'Bob' }).waitFor();
}

describeBrowser('reading a long conversation', () => {
  const browser = browserPerSuite({ resetBackend: true });

  it('stays windowed, keeps my place when older pages load, and offers Jump to latest', async () => {
    const alice = await createPerson('Alice');
    const bob = await createPerson('Bob');
    await befriend(conversationId, alice, bob);
    // One a minute over the last day and a half, alternating, so there are date separators.
    const start = Date.now() - LONG * 60_000;
    await seedMessages(
      Array.from({ length: LONG }, (_, i) => {
        const [from, to] = i % 2 ? [bob, alice] : [alice, bob];
        return {
          from,
          to,
          text: `Message ${String(i)} from ${from.username}`,
          at: start + i * 60_000,
        };
      }),
    );

    const page = await loginPage(browser(), alice.email);
    await openChatWithBob(page);
    const newest = chat(page).getByText(`Message ${String(LONG - 1)} from Bob`);
    await newest.waitFor();
    // Opened at the bottom: the newest message is in view.
    expect(await newest.isVisible()).toBe(true);

    // Scroll to the top: an older page loads and what was at the top stays where it was.
    const top = await firstIndex(page);
    await scroller(page).evaluate((el) => el.scrollTo({ top: 0 }));
    const oldestLoaded = chat(page).getByText(`Message ${String(LONG - 50)} from`, {
      exact: false,
    });
    await oldestLoaded.waitFor();
    const before = (await oldestLoaded.boundingBox())?.y ?? NaN;
    await page.waitForFunction(
      ({ sel, top }) =>
        [...document.querySelectorAll(`${sel} > [data-item-index]`)].some(
          (item) => Number(item.getAttribute('data-item-index')) < top,
        ),
      { sel: conversation(page), top },
    );
    // Measured once the list has settled (unchanged for 300 ms), not after a fixed delay: a late
    // correction would otherwise go unseen.
    const after = await settledY(oldestLoaded);
    expect(Math.abs(after - before)).toBeLessThan(80);

    // Page back to the very first message; the DOM keeps only a window of rows.
    const first = chat(page).getByText('Message 0 from Alice', { exact: true });
    // Each scroll to the top loads a page (or only renders rows already loaded above).
    const deadline = Date.now() + 120_000;
    while (!(await first.isVisible()) && Date.now() < deadline) {
      const lowest = await firstIndex(page);
      await scroller(page).evaluate((el) => el.scrollTo({ top: 0 }));
      await page
        .waitForFunction(
          ({ sel, lowest }) =>
            [...document.querySelectorAll(`${sel} > [data-item-index]`)].some(
              (item) => Number(item.getAttribute('data-item-index')) < lowest,
            ),
          { sel: conversation(page), lowest },
          { timeout: 5000 },
        )
        .catch(() => undefined);
    }
    await first.waitFor();
    const inDom = await renderedMessages(page);
    expect(inDom).toBeGreaterThan(5);
    expect(inDom).toBeLessThan(300);
    expect(
      await chat(page)
        .getByText(`Message ${String(LONG - 1)} from Bob`)
        .count(),
    ).toBe(0);

    // Scrolled up, two messages arrive: the button says so and takes me to them.
    const jump = chat(page).getByRole('button', {
      name: new RegExp(conversationsStrings.chatReading.jumpToLatest),
    });
    await jump.waitFor();
    await seedMessages([
      { from: bob, to: alice, text: 'Are you there?', at: Date.now() },
      { from: bob, to: alice, text: 'Look at https://example.com/news', at: Date.now() + 1 },
    ]);
    await jump.filter({ hasText: conversationsStrings.chatReading.newCount(2) }).waitFor();
    await shot(page, 'chat-reading-1-jump-to-latest');
    await jump.click();
    await chat(page).getByText('Look at').waitFor();
    await jump.waitFor({ state: 'detached' });
    const link = chat(page).getByRole('link', { name: 'https://example.com/news' });
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');

    // At the bottom, a new message scrolls into view by itself.
    await seedMessages([{ from: bob, to: alice, text: 'Still here', at: Date.now() + 2 }]);
    const still = chat(page).getByText('Still here');
    await still.waitFor();
    await page.waitForTimeout(300);
    expect(await still.isVisible()).toBe(true);
    expect(await jump.count()).toBe(0);
    expect(await renderedMessages(page)).toBeLessThan(300);
    await shot(page, 'chat-reading-2-at-bottom');

    // Scrolled up again, my own message takes me down to it.
    await scroller(page).evaluate((el) => el.scrollTo({ top: 0 }));
    await jump.waitFor();
    const field = chat(page).getByRole('textbox', { name: conversationsStrings.chat.inputLabel });
    await field.fill('On my way');
    await field.press('Enter');
    const mine = chat(page).getByText('On my way');
    await mine.waitFor();
    await jump.waitFor({ state: 'detached' });
    await page.waitForTimeout(300);
    expect(await mine.isVisible()).toBe(true);
  });
});

describeBrowser('reading new messages', () => {
  const browser = browserPerSuite({ resetBackend: true });

  it('marks new messages, keeps line breaks and blocks an over-long message', async () => {
    const alice = await createPerson('Alice');
    const bob = await createPerson('Bob');
    conversationId = '-Ne2eReadingAliceBob2';
    await befriend(conversationId, alice, bob);
    const now = Date.now();
    await seedMessages([
      { from: bob, to: alice, text: 'Hi Alice!', at: now - 26 * 3_600_000 },
      { from: alice, to: bob, text: 'Hey Bob', at: now - 26 * 3_600_000 + 60_000 },
      { from: bob, to: alice, text: 'Shopping list:\n- bread\n- milk', at: now - 600_000 },
      { from: bob, to: alice, text: 'Recipe: https://example.com/bread', at: now - 590_000 },
    ]);
    const page = await loginPage(browser(), alice.email);
    await page.setViewportSize({ width: 1280, height: 720 });
    await openChatWithBob(page);
    await chat(page).getByText('Recipe:').waitFor();
    // The first time this browser shows the chat, nothing is known to be unread.
    expect(await chat(page).getByText(conversationsStrings.chatReading.newMessages).count()).toBe(
      0,
    );
    const list = chat(page).getByRole('feed', {
      name: conversationsStrings.chat.conversationWith('Bob'),
    });
    expect(await list.getByText('Shopping list:').evaluate((p) => p.textContent)).toBe(
      'Shopping list:\n- bread\n- milk',
    );

    // The 'New messages' divider placed from the inbox's unread count at opening is covered by
    // src/features/inbox/inbox-ui.test.tsx (with the store's real inbox slice).

    // Shift+Enter starts a new line; Enter sends both lines as one message.
    // The field grows a line with the second line, and is one line again once sent.
    const field = chat(page).getByRole('textbox', { name: conversationsStrings.chat.inputLabel });
    const height = () => field.evaluate((el) => el.getBoundingClientRect().height);
    const oneLine = await height();
    await field.click();
    await page.keyboard.type('Yes!');
    expect(await height()).toBe(oneLine);
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('See you at 8');
    expect(await field.inputValue()).toBe('Yes!\nSee you at 8');
    expect(await height()).toBe(oneLine + LINE_PX);
    await page.keyboard.press('Enter');
    await list.getByText('See you at 8').waitFor();
    expect(await list.getByText('See you at 8').evaluate((p) => p.textContent)).toBe(
      'Yes!\nSee you at 8',
    );
    expect(await field.inputValue()).toBe('');
    expect(await height()).toBe(oneLine);

    // A paste over the limit is kept whole, and the send is blocked with how much is over.
    await field.fill('x'.repeat(MESSAGE_MAX_LENGTH + 100));
    await chat(page)
      .getByRole('alert')
      .filter({ hasText: conversationsStrings.chatReading.overLimit(100, MESSAGE_MAX_LENGTH) })
      .waitFor();
    expect(
      await chat(page)
        .getByRole('button', { name: conversationsStrings.chat.send, exact: true })
        .isDisabled(),
    ).toBe(true);
    await field.press('Enter');
    expect((await field.inputValue()).length).toBe(MESSAGE_MAX_LENGTH + 100);
    // Grown to its cap (about five lines), the field scrolls.
    expect(await height()).toBe(FIELD_MAX_PX);
    expect(await field.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    await shot(page, 'chat-reading-3-over-limit-1280');
    await field.fill('Almost done.');
    await page.waitForTimeout(200);
    await shot(page, 'chat-reading-4-divider-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(300);
    await shot(page, 'chat-reading-5-divider-390');
  });

  it('sizes the field by measuring where CSS cannot (no field-sizing)', async () => {
    const alice = await createPerson('Alice');
    const bob = await createPerson('Bob');
    conversationId = '-Ne2eReadingAliceBob3';
    await befriend(conversationId, alice, bob);
    const page = await loginPage(browser(), alice.email);
    // As a browser without `field-sizing: content`: the field's height is measured and set.
    await page.addInitScript(() => {
      const supports = CSS.supports.bind(CSS);
      CSS.supports = (...args: [string, string?]) =>
        args[0] === 'field-sizing' ? false : supports(...(args as [string, string]));
    });
    await page.reload();
    await page.setViewportSize({ width: 390, height: 844 });
    await openChatWithBob(page);
    const field = chat(page).getByRole('textbox', { name: conversationsStrings.chat.inputLabel });
    const height = () => field.evaluate((el) => el.getBoundingClientRect().height);
    const oneLine = await height();
    await field.fill('First line\nSecond line');
    expect(await field.evaluate((el) => el.style.height)).toBe(`${String(oneLine + LINE_PX)}px`);
    expect(await height()).toBe(oneLine + LINE_PX);
    await field.fill('Long enough to wrap in a phone-wide field: '.repeat(12));
    expect(await height()).toBe(FIELD_MAX_PX);
    await field.fill('Sent as one line');
    expect(await height()).toBe(oneLine);
    await field.press('Enter');
    await chat(page).getByRole('feed').getByText('Sent as one line').waitFor();
    expect(await field.inputValue()).toBe('');
    expect(await height()).toBe(oneLine);
    expect(await field.evaluate((el) => el.style.height)).toBe('');
  });
});

/** The element's top once it has stayed put for 300 ms (at most 5 s). */
async function settledY(element: Locator): Promise<number> {
  let last = NaN;
  let stableSince = Date.now();
  for (const deadline = Date.now() + 5_000; Date.now() < deadline;) {
    const y = (await element.boundingBox())?.y ?? NaN;
    if (y !== last) {
      last = y;
      stableSince = Date.now();
    } else if (Date.now() - stableSince >= 300) {
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return last;
}
