/**
 * Driving the messages screen for the chat bench: window size, CPU throttling, opening a
 * conversation and paging it back (timing a send or a received message: chat-timing.ts).
 */
import type { Browser, CDPSession, Page } from 'playwright-core';
import { conversationsStrings } from '../../src/features/conversations/conversations-strings';
import { spec } from '../../src/strings/spec';
import { searchStrings } from '../../src/features/search/search-strings';

/** The message list of the conversation with `name`. */
export const listSelector = (name: string) =>
  `[role="feed"][aria-label="${conversationsStrings.chat.conversationWith(name)}"]`;

/**
 * An init script for a page that keeps no device key (no IndexedDB): its sends stay in clear
 * text, and so may a friend's admin writes, which a page that keeps keys shows as 'Not
 * encrypted' once its conversation is sealed (docs/security/e2ee.md).
 */
export const NO_DEVICE_KEY =
  "Object.defineProperty(window, 'indexedDB', { value: undefined, configurable: true })";

/** Headless Chromium's window is small: enlarge it, keep the page's viewport at 1280×720. */
export async function desktopWindow(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  const { windowId } = (await cdp.send('Browser.getWindowForTarget')) as { windowId: number };
  await cdp.send('Browser.setWindowBounds', { windowId, bounds: { width: 1280, height: 920 } });
  await page.setViewportSize({ width: 1280, height: 720 });
  return cdp;
}

/**
 * A page of the context of `opened` in a window of its own: a tab behind another one is drawn
 * late (its sent bubbles showed after 1-2 s, against 40 ms in a window of its own).
 */
export async function pageInOwnWindow(browser: Browser, opened: Page): Promise<Page> {
  const context = opened.context();
  const cdp = await context.newCDPSession(opened);
  const { targetInfo } = await cdp.send('Target.getTargetInfo');
  await cdp.detach();
  const session = await browser.newBrowserCDPSession();
  const [page] = await Promise.all([
    context.waitForEvent('page'),
    session.send('Target.createTarget', {
      url: 'about:blank',
      browserContextId: targetInfo.browserContextId,
      newWindow: true,
    }),
  ]);
  await session.detach();
  return page;
}

export function throttle(cdp: CDPSession, rate: number): Promise<unknown> {
  return cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

/**
 * Runs `work` with the page at `rate`x CPU, back to 1x after. Chromium's throttler on Linux
 * spins on the page's main thread in a signal handler, so a throttled page takes about half a
 * core even when idle (four throttled chat pages filled both cores of this machine, and the
 * measured one's frames waited for them): only the page measured is slowed, and only meanwhile.
 */
export async function slowed<T>(cdp: CDPSession, rate: number, work: () => Promise<T>) {
  await throttle(cdp, rate);
  try {
    return await work();
  } finally {
    await throttle(cdp, 1);
  }
}

/**
 * Clicks the friend in the Friend List; ms from the click event (its timeStamp, so Playwright's
 * own checks before it, slow at 4x CPU, are not counted) until their newest message is on screen.
 */
export async function openConversation(page: Page, name: string, newest: string) {
  const friendList = page.getByRole('region', {
    name: new RegExp(`^${spec.panels.friendList}`),
  });
  const button = friendList.getByRole('button', { name, exact: true });
  await button.waitFor();
  const wait = page.waitForFunction(
    ({ sel, newest }) => {
      const found = [...document.querySelectorAll(`${sel} > [data-item-index]`)].some((item) =>
        item.textContent.includes(newest),
      );
      return found && performance.now();
    },
    { sel: listSelector(name), newest },
    { polling: 'raf', timeout: 60_000 },
  );
  const clicked = page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        addEventListener('click', (event) => resolve(event.timeStamp), {
          capture: true,
          once: true,
        });
      }),
  );
  await button.click();
  return Number(await (await wait).jsonValue()) - (await clicked);
}

/** The lowest message number ('Message N from …') in the DOM of the conversation. */
function lowestShown(page: Page, name: string): Promise<number> {
  return page.evaluate((sel) => {
    let lowest = Infinity;
    for (const p of document.querySelectorAll(`${sel} p`)) {
      const n = /^Message (\d+) from/.exec(p.textContent)?.[1];
      if (n !== undefined) lowest = Math.min(lowest, Number(n));
    }
    return lowest;
  }, listSelector(name));
}

/**
 * Loads older pages until message 0 is loaded: scrolling the list to the top (the windowed
 * list loads on reaching it) or, in a list without that, clicking 'Load older messages'.
 */
export async function pageBackToStart(page: Page, name: string): Promise<number> {
  const started = Date.now();
  let lowest = await lowestShown(page, name);
  while (lowest > 0) {
    if (Date.now() - started > 600_000) throw new Error(`paging back stalled at ${String(lowest)}`);
    await page.evaluate(
      ({ sel, label }) => {
        const list = document.querySelector(sel);
        const windowed = list?.closest('[data-virtuoso-scroller]');
        const scroller = windowed ?? list?.closest('.overflow-y-auto');
        scroller?.scrollTo({ top: 0 });
        if (windowed) return;
        const more = [...document.querySelectorAll('button')].find(
          (b) => b.textContent === label && !b.disabled,
        );
        more?.click();
      },
      { sel: listSelector(name), label: conversationsStrings.chat.loadOlder },
    );
    // No progress within a few seconds (a scroll the list undid while settling): scroll again.
    await page
      .waitForFunction(
        ({ sel, before }) => {
          for (const p of document.querySelectorAll(`${sel} p`)) {
            const n = /^Message (\d+) from/.exec(p.textContent)?.[1];
            if (n !== undefined && Number(n) < before) return true;
          }
          return false;
        },
        { sel: listSelector(name), before: lowest },
        { polling: 200, timeout: 5000 },
      )
      .catch(() => undefined);
    lowest = await lowestShown(page, name);
  }
  return Date.now() - started;
}

/**
 * Once message 0 is in, how many messages the conversation's list holds, as it tells assistive
 * technology (its articles' aria-setsize, message-focus.ts). That count is known once a read
 * above the first message came back empty: a conversation of whole pages (10,000 is 200) needs
 * that one more read, asked for by scrolling to the top again. -1 if it never came.
 */
export async function loadedMessages(page: Page, name: string): Promise<number> {
  const sel = listSelector(name);
  for (let tries = 0; tries < 10; tries++) {
    const count = await page.evaluate(
      (sel) =>
        Math.max(
          -1,
          ...[...document.querySelectorAll(`${sel} [aria-setsize]`)].map((el) =>
            Number(el.getAttribute('aria-setsize')),
          ),
        ),
      sel,
    );
    if (count >= 0) return count;
    await page.evaluate((sel) => {
      document.querySelector(sel)?.closest('[data-virtuoso-scroller]')?.scrollTo({ top: 0 });
    }, sel);
    await page.waitForTimeout(1000);
  }
  return -1;
}

/** Back at the newest message, as someone writing is (estimated row sizes need a few tries). */
export async function scrollToNewest(page: Page, name: string): Promise<void> {
  for (let i = 0; i < 5; i++) {
    await page.evaluate((sel) => {
      const list = document.querySelector(sel);
      const scroller =
        list?.closest('[data-virtuoso-scroller]') ?? list?.closest('.overflow-y-auto');
      scroller?.scrollTo({ top: scroller.scrollHeight });
    }, listSelector(name));
    await page.waitForTimeout(300);
  }
}

/**
 * Starts message search's history indexing at once (Ctrl+K) and waits until it has read every
 * conversation: otherwise it reads the 10,000 messages in the background during whichever chat
 * is measured first (once, the short chat's sends took 1.6x as long as the long one's).
 */
export async function waitForSearchIndex(page: Page): Promise<number> {
  const started = Date.now();
  // The shortcut is listened for once the signed-in screen is drawn.
  await page.getByRole('region', { name: new RegExp(`^${spec.panels.friendList}`) }).waitFor();
  await page.keyboard.press('Control+K');
  const dialog = page.getByRole('dialog', { name: searchStrings.panel.title });
  await dialog.waitFor();
  const progress = dialog.getByRole('status').filter({ hasText: /^Indexing / });
  // Shown from the first page read on; a history read before the dialog opened shows none.
  await progress.waitFor({ timeout: 20_000 }).catch(() => undefined);
  await progress.waitFor({ state: 'detached', timeout: 600_000 });
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  return Date.now() - started;
}

/** Message bubbles in the DOM of the conversation (its list items that are not separators). */
export function messageNodes(page: Page, name: string): Promise<number> {
  return page.locator(`${listSelector(name)} [role="article"]`).count();
}
