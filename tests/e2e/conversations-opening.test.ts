import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { conversationsStrings } from '../../src/features/conversations/conversations-strings';
import { shellStrings } from '../../src/app/shell/shell-strings';
import { spec } from '../../src/strings/spec';
import { adminUpdate, browserPerSuite, describeBrowser } from '../support/browser';
import {
  longChatPaths,
  messageText,
  oneASecond,
  writeInThousands,
} from '../support/long-conversation';
import { befriend, createPerson, loginPage, row } from './app-home-steps';

interface Opening {
  /**
   * Animation frames from the conversation's messages reaching the screen (its 'Loading the
   * conversation…' spinner gone) to the newest message first drawn.
   */
  frames: number | null;
  /** The most copies of the newest message the page held at once. */
  copies: number;
  /** Where it was first drawn, where the list had it once alone, and a second later. */
  firstTop: number | null;
  listTop: number | null;
  settledTop: number | null;
}

/** Counts animation frames in `window.frameCount`, from now on. */
const countFrames = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { frameCount: number };
    w.frameCount = 0;
    const tick = () => {
      w.frameCount += 1;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });

/** Watches a chat open: when, where and how often `text` is drawn, until the list has it. */
function watchOpening(page: Page, text: string, loading: string): Promise<Opening> {
  return page.evaluate(
    ({ text, loading }) =>
      new Promise<Opening>((resolve) => {
        const w = window as unknown as { frameCount: number };
        const out: Opening = {
          frames: null,
          copies: 0,
          firstTop: null,
          listTop: null,
          settledTop: null,
        };
        let spinnerSeen = false;
        let loadedAt: number | null = null;
        const drawn = () =>
          [...document.querySelectorAll('p')].filter((p) => p.textContent === text);
        const observer = new MutationObserver(() => {
          const spinner = document.querySelector(`svg[aria-label="${loading}"]`);
          if (spinner) spinnerSeen = true;
          else if (spinnerSeen && loadedAt === null) loadedAt = w.frameCount;
          const copies = drawn();
          out.copies = Math.max(out.copies, copies.length);
          const first = copies.at(0);
          if (!first) return;
          if (out.firstTop === null) {
            out.firstTop = first.getBoundingClientRect().top;
            if (loadedAt !== null) out.frames = w.frameCount - loadedAt;
          }
          const screen = document.querySelector('[data-first-screen]');
          if (out.listTop !== null || screen || !first.closest('[data-virtuoso-scroller]')) return;
          out.listTop = first.getBoundingClientRect().top;
          setTimeout(() => {
            observer.disconnect();
            out.settledTop = drawn()[0]?.getBoundingClientRect().top ?? null;
            resolve(out);
          }, 1000);
        });
        observer.observe(document.body, { childList: true, subtree: true });
        setTimeout(() => resolve(out), 20_000);
      }),
    { text, loading },
  );
}

describeBrowser('opening a conversation', () => {
  const browser = browserPerSuite({ resetBackend: true });

  it('draws the newest messages as soon as they arrive, where the list then keeps them', async () => {
    const alice = await createPerson('Alice');
    const bob = await createPerson('Bob');
    const carol = await createPerson('Carol');
    await befriend('-Ne2eOpeningAliceBob1', alice, bob);
    await befriend('-Ne2eOpeningAliceCar1', alice, carol);
    // A long chat opens at its bottom; a short one, shorter than the screen, at its top.
    const long = 300;
    const short = 3;
    await writeInThousands(adminUpdate, {
      ...longChatPaths('-Ne2eOpeningAliceBob1', [alice, bob], long, oneASecond),
      ...longChatPaths('-Ne2eOpeningAliceCar1', [alice, carol], short, oneASecond),
    });
    const page = await loginPage(browser(), alice.email);
    await page.getByRole('link', { name: shellStrings.layout.messages }).click();
    await countFrames(page);

    for (const [friend, count] of [
      [bob, long],
      [carol, short],
    ] as const) {
      const newest = messageText(count - 1, (count - 1) % 2 ? friend : alice);
      const opening = watchOpening(page, newest, conversationsStrings.chat.loading);
      await row(page, spec.panels.friendList, friend.username)
        .getByRole('button', { name: friend.username, exact: true })
        .click();
      const seen = await opening;
      // Drawn in the frame its messages came in, or the next: the list alone, started at its
      // newest row, waits four frames and a scroll before it draws any.
      expect(seen.frames).not.toBeNull();
      expect(seen.frames).toBeLessThanOrEqual(1);
      expect(seen.copies).toBe(1);
      expect(seen.listTop).not.toBeNull();
      expect(Math.abs((seen.listTop ?? NaN) - (seen.firstTop ?? NaN))).toBeLessThanOrEqual(1);
      expect(Math.abs((seen.settledTop ?? NaN) - (seen.firstTop ?? NaN))).toBeLessThanOrEqual(1);
      // Once the list has it, only the list is on screen, named.
      const feed = page.getByRole('feed', {
        name: conversationsStrings.chat.conversationWith(friend.username),
      });
      await feed.getByText(newest).waitFor();
      expect(await page.locator('[data-first-screen]').count()).toBe(0);
    }
  });
});
