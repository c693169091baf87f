import type { Browser, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  directSendWrite,
  type ServerValues,
} from '../../src/lib/firebase/conversations/send-write';
import { notificationId } from '../../src/lib/firebase/notifications/record';
import { notificationsStrings } from '../../src/features/notifications/notifications-strings';
import { shellStrings } from '../../src/app/shell/shell-strings';
import { spec } from '../../src/strings/spec';
import {
  adminUpdate,
  appUrl,
  browserPerSuite,
  describeBrowser,
  newPage,
  shot,
} from '../support/browser';
import { chat, messageRow, openFriend, openMessages } from '../support/conversation-steps';
import { befriend, createPerson, dismissToasts, fillLoginForm, password } from './app-home-steps';

// Toasts as the receiver sees them while messages and requests arrive: one notice per
// conversation whose count is updated in place, none for a muted or open conversation, at most
// three on screen, and the spec's own toasts never waiting behind notices.

/** What the page records of its toasts (see recordToasts). */
interface ToastLog {
  /** Each toast element as it appeared, by its text then. */
  added: string[];
  /** The most toast elements on screen at once, leaving ones included. */
  most: number;
}
declare global {
  interface Window {
    toastLog: ToastLog;
  }
}

/** Runs in the page before the app: records every toast element added, and the most at once. */
function recordToasts(): void {
  const log: ToastLog = { added: [], most: 0 };
  window.toastLog = log;
  new MutationObserver((changes) => {
    for (const change of changes) {
      for (const node of change.addedNodes) {
        if (!(node instanceof HTMLElement)) continue;
        // The first toast comes inside its new container.
        const own = node.matches('.Toastify__toast') ? [node] : [];
        for (const t of [...own, ...node.querySelectorAll('.Toastify__toast')]) {
          log.added.push(t.textContent);
        }
      }
    }
    log.most = Math.max(log.most, document.querySelectorAll('.Toastify__toast').length);
  }).observe(document, { subtree: true, childList: true });
}

/**
 * Runs in the page before the app: the window never gets the focus back once it has lost it,
 * as when the person works in another window (opening the test's second tab may focus this one
 * for a moment). See freezeToasts.
 */
function windowWithoutFocus(): void {
  document.hasFocus = () => false;
  window.addEventListener('focus', (event) => event.stopImmediatePropagation(), true);
}

/**
 * Once the toasts on screen have bounced in, the window loses the focus: react-toastify pauses
 * them (pauseOnFocusLoss; a toast's entry restarts its timer), so none closes by itself and what
 * is on screen depends on the app alone, however slow the machine.
 */
async function freezeToasts(page: Page): Promise<void> {
  await toastsInPlace(page);
  await page.evaluate(() => window.dispatchEvent(new Event('blur')));
}

const toastLog = (page: Page) => page.evaluate(() => window.toastLog);
const clearLog = (page: Page) =>
  page.evaluate(() => {
    window.toastLog.added = [];
    window.toastLog.most = 0;
  });
const toast = (page: Page, text: string) =>
  page.locator('.Toastify__toast', { hasText: text }).first();
/** Waits for the toasts' own entry animations (their paused progress bars never end). */
const toastsInPlace = (page: Page) =>
  page
    .locator('.Toastify__toast')
    .evaluateAll((els) =>
      Promise.all(els.flatMap((el) => el.getAnimations().map((a) => a.finished.catch(() => 0)))),
    );
const toastTexts = (page: Page) => page.locator('.Toastify__toast').allTextContents();

async function recordedLogin(browser: Browser, email: string, unfocused = false): Promise<Page> {
  const page = await newPage(browser);
  await page.addInitScript(recordToasts);
  if (unfocused) await page.addInitScript(windowWithoutFocus);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(appUrl('/login'));
  await fillLoginForm(page, email, password);
  await page.getByRole('button', { name: spec.auth.loginToContinue }).click();
  await page.waitForURL('**/pages/home', { timeout: 30_000 });
  await dismissToasts(page);
  return page;
}

let sent = 0;
const nextId = () => `-Ne2eToasts${String(++sent).padStart(9, '0')}`;
type Person = Awaited<ReturnType<typeof createPerson>>;

/** `names` as Bob's friends; `write(friend, text, unread)` is a message of theirs to him. */
async function bobAndFriends(names: string[]) {
  const [bob, ...friends] = await Promise.all(['Bob', ...names].map((n) => createPerson(n)));
  const conversationIds = new Map<Person, string>();
  await Promise.all(
    friends.map((friend, i) => {
      const conversationId = `-Ne2eToastsRel${String(i).padStart(7, '0')}`;
      conversationIds.set(friend, conversationId);
      return befriend(conversationId, friend, bob);
    }),
  );
  // The admin writes plain values where a client sends server values (time, increment).
  const write = (friend: Person, text: string, unread: number) =>
    directSendWrite(
      {
        conversationId: conversationIds.get(friend) ?? '',
        from: { uid: friend.uid, name: friend.username },
        to: { uid: bob.uid, name: 'Bob' },
      },
      nextId(),
      text,
      { now: Date.now(), plusOne: unread } as unknown as ServerValues,
    );
  return { bob, friends, conversationIds, write };
}

describeBrowser('toasts: one notice per thing, at most three, the spec first', () => {
  const browser = browserPerSuite({ resetBackend: true });

  it('30 messages make one toast with the last count; a muted or open conversation none', async () => {
    const { bob, friends, conversationIds, write } = await bobAndFriends(['Carol', 'Dan', 'Eve']);
    const [carol, dan, eve] = friends as [Person, Person, Person];
    await adminUpdate({
      [`inboxPrefs/${bob.uid}/direct/${conversationIds.get(dan) ?? ''}/mutedUntil`]: 'always',
    });
    const b = await recordedLogin(browser(), bob.email);

    // The inbox is live once Eve's first message is told.
    await adminUpdate(write(eve, 'Hello', 1));
    await toast(b, notificationsStrings.text.message('Eve', 1)).waitFor();
    // Muted Dan tells nothing; Eve's next message, after his, shows his was seen and passed over.
    await adminUpdate(write(dan, 'psst', 1));
    await adminUpdate(write(eve, 'Still there?', 2));
    await toast(b, notificationsStrings.text.message('Eve', 2)).waitFor();
    expect((await toastLog(b)).added.filter((t) => t.includes('Dan'))).toEqual([]);

    // Carol writes 30 messages in about 3 s: one toast, its count kept current.
    await clearLog(b);
    for (let n = 1; n <= 30; n += 1) {
      await adminUpdate(write(carol, `Message ${String(n)}`, n));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await toast(b, notificationsStrings.text.message('Carol', 30)).waitFor();
    const fromCarol = (await toastLog(b)).added.filter((t) => t.includes('from Carol'));
    expect(fromCarol).toHaveLength(1);
    expect((await toastTexts(b)).filter((t) => t.includes('from Carol'))).toEqual([
      notificationsStrings.text.message('Carol', 30),
    ]);
    await shot(b, 'toasts-1-one-count');

    // Carol's conversation open: her message shows there and in no toast. A friend request
    // written after it tells (on any screen but the feed), so hers was seen and passed over.
    await openMessages(b);
    await openFriend(b, 'Carol');
    await clearLog(b);
    await adminUpdate(write(carol, 'Are you reading?', 31));
    // Opened at her first unread message (30 above the newest), the list shows the newest
    // once scrolled down to it, as a reader would.
    await expect
      .poll(async () => {
        await chat(b)
          .locator('[data-virtuoso-scroller="true"]')
          .evaluate((el) => el.scrollTo(0, el.scrollHeight));
        return messageRow(b, 'Are you reading?').isVisible();
      })
      .toBe(true);
    const request = {
      kind: 'friendRequest',
      actorId: dan.uid,
      actorName: 'Dan',
      ref: 'x',
    } as const;
    await adminUpdate({
      [`notifications/${bob.uid}/${notificationId(request)}`]: {
        ...request,
        at: Date.now(),
        read: false,
      },
    });
    await toast(b, notificationsStrings.text.friendRequest('Dan')).waitFor();
    expect((await toastLog(b)).added.filter((t) => t.includes('Carol'))).toEqual([]);
    await chat(b).getByRole('heading', { name: 'Carol' }).waitFor();
  }, 120_000);

  it('four notices show three at a time; a spec toast still shows at once, and a sign-out closes them', async () => {
    const { bob, friends, write } = await bobAndFriends(['Carol', 'Dan', 'Eve', 'Finn']);
    const [carol, dan, eve, finn] = friends as [Person, Person, Person, Person];
    const b = await recordedLogin(browser(), bob.email, true);

    // The inbox is live once Finn's first message is told; then it is closed.
    await adminUpdate(write(finn, 'Hi', 1));
    await toast(b, notificationsStrings.text.message('Finn', 1)).waitFor();
    await dismissToasts(b);
    await clearLog(b);

    // Four conversations at once: three notices; the fourth once one is closed.
    await adminUpdate({
      ...write(carol, 'One', 1),
      ...write(dan, 'Two', 1),
      ...write(eve, 'Three', 1),
      ...write(finn, 'Four', 2),
    });
    const texts = [
      notificationsStrings.text.message('Carol', 1),
      notificationsStrings.text.message('Dan', 1),
      notificationsStrings.text.message('Eve', 1),
      notificationsStrings.text.message('Finn', 2),
    ];
    await b.waitForFunction(() => document.querySelectorAll('.Toastify__toast').length >= 3);
    await freezeToasts(b);
    const first = b.locator('.Toastify__toast').first();
    const closed = (await first.textContent()) ?? '';
    await first.locator('.Toastify__close-button').click();
    await b.waitForFunction(
      (all) => {
        const shown = [...document.querySelectorAll('.Toastify__toast[data-in="true"]')];
        return shown.length === 3 && all.every((t) => window.toastLog.added.includes(t));
      },
      texts,
      { timeout: 15_000 },
    );
    expect(texts).toContain(closed);
    expect((await toastLog(b)).most).toBeLessThanOrEqual(3);
    await freezeToasts(b);
    await shot(b, 'toasts-2-three-notices-1280');
    await b.setViewportSize({ width: 390, height: 844 });
    await shot(b, 'toasts-3-three-notices-390');

    // Signed out in another tab while three notices are up: home says 'Login failed' (spec)
    // at once, and Bob's news leaves with him (whoever signs in next must not read it).
    const other = await b.context().newPage();
    await other.goto(appUrl('/pages/settings'));
    await other.getByRole('button', { name: shellStrings.layout.logout }).first().click();
    await other.waitForURL('**/login');
    await toast(b, spec.toast.loginFailed).waitFor({ timeout: 15_000 });
    await expect
      .poll(() =>
        b
          .locator('.Toastify__toast[data-in="true"]')
          .allTextContents()
          .then((all) => all.filter((t) => t !== spec.toast.loginFailed)),
      )
      .toEqual([]);
    expect((await toastLog(b)).most).toBeLessThanOrEqual(3);
    await toastsInPlace(b);
    await shot(b, 'toasts-4-spec-first-390');
  }, 120_000);
});
