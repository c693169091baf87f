import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  directSendWrite,
  type ServerValues,
} from '../../src/lib/firebase/conversations/send-write';
import { conversationsStrings } from '../../src/features/conversations/conversations-strings';
import { inboxStrings } from '../../src/features/inbox/inbox-strings';
import { shellStrings } from '../../src/app/shell/shell-strings';
import { spec } from '../../src/strings/spec';
import { adminUpdate, browserPerSuite, describeBrowser, shot } from '../support/browser';
import { isSideFriend, SIDE_UNREAD } from '../support/side-conversations';
import { befriend, createPerson, loginPage, row, settle } from './app-home-steps';

async function openMessages(page: Page): Promise<void> {
  await page.getByRole('link', { name: shellStrings.layout.messages }).click();
  await page.waitForURL('**/pages/messages');
}

const chat = (page: Page) => page.getByRole('region', { name: conversationsStrings.chat.label });
const friendRows = (page: Page) =>
  page.getByRole('list', { name: spec.panels.friendList }).getByRole('listitem');
/** The friends listed, in order, but the fixture's friends on the other instance. */
const friendNames = async (page: Page) =>
  (await friendRows(page).evaluateAll((els) => els.map((e) => e.ariaLabel))).filter(
    (name) => !isSideFriend(name),
  );
const navLink = (page: Page) =>
  page.getByRole('navigation', { name: shellStrings.layout.mainNav }).getByRole('link', {
    name: shellStrings.layout.messages,
  });

async function selectFriend(page: Page, name: string): Promise<void> {
  await row(page, spec.panels.friendList, name).getByRole('button', { name, exact: true }).click();
  await chat(page).getByRole('heading', { name }).waitFor();
}

async function send(page: Page, text: string): Promise<void> {
  await chat(page).getByRole('textbox', { name: conversationsStrings.chat.inputLabel }).fill(text);
  await chat(page)
    .getByRole('textbox', { name: conversationsStrings.chat.inputLabel })
    .press('Enter');
}

/** Polls until `check` passes (live updates arrive within moments). */
async function eventually(check: () => Promise<void>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Whether the page's beforeunload handlers would ask before leaving (run in the page). */
function unloadIsGuarded(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describeBrowser('the inbox between two people in two browsers', () => {
  const browser = browserPerSuite({ resetBackend: true });

  it('badges appear and clear, the list reorders, Seen, typing, and an offline send delivered once', async () => {
    const alice = await createPerson('Alice');
    const bob = await createPerson('Bob');
    const carol = await createPerson('Carol');
    await befriend('-Ne2eInboxAliceBob001', alice, bob);
    await befriend('-Ne2eInboxCarolBob001', carol, bob);
    const [a, b] = await Promise.all([
      loginPage(browser(), alice.email),
      loginPage(browser(), bob.email),
    ]);
    await Promise.all([openMessages(a), openMessages(b)]);
    // No messages yet: friends by name.
    await eventually(async () => expect(await friendNames(b)).toEqual(['Alice', 'Carol']));

    // Carol writes first (through the database, as her own client would), then Alice.
    // The admin writes plain values where a client sends server values (time, increment).
    const plain = { now: Date.now(), plusOne: 1 } as unknown as ServerValues;
    await adminUpdate(
      directSendWrite(
        {
          conversationId: '-Ne2eInboxCarolBob001',
          from: { uid: carol.uid, name: 'Carol' },
          to: { uid: bob.uid, name: 'Bob' },
        },
        '-Ne2eCarolMessage0001',
        'Hey Bob, lunch?',
        plain,
      ),
    );
    await eventually(async () => expect(await friendNames(b)).toEqual(['Carol', 'Alice']));
    await selectFriend(a, 'Bob');
    await send(a, 'Hi Bob, are you there?');
    await chat(a).getByText(conversationsStrings.inbox.sent, { exact: true }).waitFor();

    // Bob: Alice moves to the top with her preview and a badge; the totals say 2, with the
    // message of his side conversation on the other instance.
    await eventually(async () => expect(await friendNames(b)).toEqual(['Alice', 'Carol']));
    const aliceRow = row(b, spec.panels.friendList, 'Alice');
    await aliceRow.getByText('Hi Bob, are you there?', { exact: true }).waitFor();
    await aliceRow.getByText(inboxStrings.unread(1)).waitFor();
    await navLink(b)
      .getByText(inboxStrings.unread(2 + SIDE_UNREAD))
      .waitFor();
    // Other counts (notifications) may add to the title's; the unread messages are in it.
    await eventually(async () => {
      const count = /^\((\d+)\) Messages · Chatty$/.exec(await b.title())?.[1];
      expect(Number(count)).toBeGreaterThanOrEqual(2 + SIDE_UNREAD);
    });
    await b.mouse.move(700, 600);
    await settle(b);
    await shot(b, 'inbox-1-bob-badges-1280');
    await b.setViewportSize({ width: 1280, height: 720 });
    await settle(b);
    await b.screenshot({ path: 'test-artifacts/inbox-bob-1280x720.png' });
    await b.setViewportSize({ width: 390, height: 844 });
    await settle(b);
    await b.screenshot({ path: 'test-artifacts/inbox-bob-390x844.png', fullPage: true });
    await b.setViewportSize({ width: 1440, height: 900 });

    // Bob opens Alice's conversation: her badge clears, the total drops, Alice sees Seen.
    await selectFriend(b, 'Alice');
    await chat(b).getByText('Hi Bob, are you there?').waitFor();
    await eventually(async () =>
      expect(await aliceRow.getByText(inboxStrings.unread(1)).count()).toBe(0),
    );
    await navLink(b)
      .getByText(inboxStrings.unread(1 + SIDE_UNREAD))
      .waitFor();
    await chat(a).getByText(conversationsStrings.inbox.seen, { exact: true }).waitFor();

    // Bob types: Alice sees it within moments, and it goes once he stops.
    await chat(b)
      .getByRole('textbox', { name: conversationsStrings.chat.inputLabel })
      .pressSequentially('Hmm', {
        delay: 50,
      });
    await chat(a).getByText(conversationsStrings.inbox.typing('Bob')).waitFor({ timeout: 3000 });
    await chat(a)
      .getByText(conversationsStrings.inbox.typing('Bob'))
      .waitFor({ state: 'detached', timeout: 8000 });

    // Alice goes offline: the app says so, her message waits as Sending, then goes once.
    await a.context().setOffline(true);
    await chat(a).getByText(inboxStrings.offline).waitFor();
    expect(await chat(a).getByText(spec.chat.online, { exact: true }).count()).toBe(0);
    await send(a, 'Written offline');
    await send(a, 'And a second one');
    await chat(a).getByRole('img', { name: conversationsStrings.inbox.sending }).first().waitFor();
    expect(
      await chat(a).getByRole('img', { name: conversationsStrings.inbox.sending }).count(),
    ).toBe(2);
    // Closing or reloading the tab now would ask first.
    expect(await a.evaluate(unloadIsGuarded)).toBe(true);
    await settle(a);
    await shot(a, 'inbox-2-alice-offline-pending');
    await a.context().setOffline(false);
    await chat(a)
      .getByRole('img', { name: conversationsStrings.inbox.sending })
      .first()
      .waitFor({ state: 'detached', timeout: 20_000 });
    await chat(b).getByText('And a second one').waitFor();
    // Delivered once each, in the order written.
    const texts = await chat(b).getByRole('article').allTextContents();
    const sent = texts.filter((t) => /Written offline|And a second one/.test(t));
    expect(sent.map((t) => (t.includes('Written') ? 1 : 2))).toEqual([1, 2]);
    expect(await a.evaluate(unloadIsGuarded)).toBe(false);
    await chat(a).getByText(inboxStrings.offline).waitFor({ state: 'detached' });
  });
});
