import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { conversationsStrings } from '../../src/features/conversations/conversations-strings';
import { shellStrings } from '../../src/app/shell/shell-strings';
import { spec } from '../../src/strings/spec';
import { adminUpdate, browserPerSuite, describeBrowser } from '../support/browser';
import {
  equalAtPageBoundaries,
  longChatPaths,
  writeInThousands,
} from '../support/long-conversation';
import { befriend, createPerson, loginPage, row } from './app-home-steps';

const conversationId = '-Ne2ePagingAliceBob01';
/** The live window, eight full pages, and a short last one of 23. */
const COUNT = 50 + 8 * 50 + 23;

const chat = (page: Page) => page.getByRole('region', { name: conversationsStrings.chat.label });
const list = `[role="feed"][aria-label="${conversationsStrings.chat.conversationWith('Bob')}"]`;
const scroller = (page: Page) => chat(page).locator('[data-virtuoso-scroller="true"]');

/** The message numbers ('Message N from …') in the DOM, top to bottom. */
const shownNumbers = (page: Page) =>
  page.evaluate(
    (sel) =>
      [...document.querySelectorAll(`${sel} p`)].flatMap((p) => {
        const n = /^Message (\d+) from/.exec(p.textContent)?.[1];
        return n === undefined ? [] : [Number(n)];
      }),
    list,
  );

/**
 * From now on, whether the list was ever scrolled to within a row of its bottom (the newest
 * message): paging back must leave me where I read.
 */
const watchForBottom = (page: Page) =>
  scroller(page).evaluate((el) => {
    const w = window as unknown as { reachedBottom: boolean };
    w.reachedBottom = false;
    el.addEventListener('scroll', () => {
      if (el.scrollHeight - el.scrollTop - el.clientHeight < 64) w.reachedBottom = true;
    });
  });

describeBrowser('paging back through a long conversation', () => {
  const browser = browserPerSuite({ resetBackend: true });

  it('reaches the first message, with my message the newest and equal times at every page boundary', async () => {
    const alice = await createPerson('Alice');
    const bob = await createPerson('Bob');
    await befriend(conversationId, alice, bob);
    // Alice sent the even ones, the newest (472) included: a list that follows my own new
    // messages must not take a page loaded above for one.
    const paths = longChatPaths(conversationId, [alice, bob], COUNT, equalAtPageBoundaries());
    await writeInThousands(adminUpdate, paths);

    const page = await loginPage(browser(), alice.email);
    await page.getByRole('link', { name: shellStrings.layout.messages }).click();
    await row(page, spec.panels.friendList, 'Bob')
      .getByRole('button', { name: 'Bob', exact: true })
      .click();
    await chat(page)
      .getByText(`Message ${String(COUNT - 1)} from Alice`)
      .waitFor();

    await watchForBottom(page);
    const first = chat(page).getByText('Message 0 from Alice', { exact: true });
    const deadline = Date.now() + 90_000;
    while (!(await first.isVisible()) && Date.now() < deadline) {
      const lowest = Math.min(...(await shownNumbers(page)));
      await scroller(page).evaluate((el) => el.scrollTo({ top: 0 }));
      // A page loads on reaching the top; scrolled away meanwhile, the next turn scrolls again.
      await page
        .waitForFunction(
          ({ sel, lowest }) =>
            [...document.querySelectorAll(`${sel} p`)].some((p) => {
              const n = /^Message (\d+) from/.exec(p.textContent)?.[1];
              return n !== undefined && Number(n) < lowest;
            }),
          { sel: list, lowest },
          { timeout: 5000 },
        )
        .catch(() => undefined);
    }
    await first.waitFor({ state: 'visible', timeout: 1000 });
    expect(
      await page.evaluate(() => (window as unknown as { reachedBottom: boolean }).reachedBottom),
    ).toBe(false);
    // Nothing older is offered once the first message is in.
    expect(
      await chat(page).getByRole('button', { name: conversationsStrings.chat.loadOlder }).count(),
    ).toBe(0);

    // Read down from the top: every message once, in the order sent, across every boundary.
    const seen: number[] = [];
    for (let turn = 0; turn < 200; turn++) {
      for (const n of await shownNumbers(page)) if (n > (seen.at(-1) ?? -1)) seen.push(n);
      if (seen.at(-1) === COUNT - 1) break;
      await scroller(page).evaluate((el) => el.scrollBy({ top: el.clientHeight / 2 }));
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
    }
    expect(seen).toEqual(Array.from({ length: COUNT }, (_, i) => i));
  }, 150_000);
});
