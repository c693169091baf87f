import type { Browser, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  directSendWrite,
  groupSendWrite,
  type ServerValues,
} from '../../src/lib/firebase/conversations/send-write';
import { mentionNotificationChanges } from '../../src/lib/firebase/notifications/mention';
import { conversationsStrings } from '../../src/features/conversations/conversations-strings';
import { inboxStrings } from '../../src/features/inbox/inbox-strings';
import { DRAFT_SAVE_MS } from '../../src/features/conversations/composer/use-draft';
import { notificationsStrings } from '../../src/features/notifications/notifications-strings';
import { shellStrings } from '../../src/app/shell/shell-strings';
import { spec } from '../../src/strings/spec';
import {
  adminGet,
  adminUpdate,
  appUrl,
  browserPerSuite,
  describeBrowser,
  newPage,
  shot,
} from '../support/browser';
import {
  befriend,
  createPerson,
  dismissToasts,
  fillLoginForm,
  loginPage,
  row,
} from './app-home-steps';
import { SIDE_UNREAD } from '../support/side-conversations';

// Attention in a real browser: desktop notifications (1:1 and group, hidden tab or another
// conversation on screen, muted, a mention), the click that opens the message, the favicon's
// count, and a draft with its reply kept over a reload.

/** What the page records for the test (see instrument). */
interface Probe {
  shown: { title: string; body: string; tag: string }[];
  notices: Notification[];
  highlighted: string[];
  setHidden: (hidden: boolean) => void;
}
declare global {
  interface Window {
    probe: Probe;
  }
}

/**
 * Runs in the page before the app. Headless Chromium shows every tab as visible whatever is in
 * front, so `document.hidden` answers what the test sets, with the `visibilitychange` a real tab
 * switch fires; `window.focus()` (what a notification's click does) shows the tab again, as the
 * browser would. Tried on Chromium 150 headless, each leaving the page 'visible' with no
 * `visibilitychange`: a second page of the same context brought to front (`bringToFront`, CDP
 * `Target.createTarget` + `Target.activateTarget`, also in a new window), its window minimized
 * (`Browser.setWindowBounds`), `Emulation.setFocusEmulationEnabled` off (only `hasFocus()`
 * turns false) and `Page.setWebLifecycleState` frozen and back. Headless has no real windows to
 * occlude a page, and the protocol has no call that sets visibility. The browser's own Notification is kept and
 * each one the app makes is recorded, for the test to read and click. Messages that get the
 * jump's highlight are recorded too (it lasts two seconds, too short to poll for safely).
 */
function instrument(): void {
  let hidden = false;
  const setHidden = (value: boolean) => {
    hidden = value;
    document.dispatchEvent(new Event('visibilitychange'));
  };
  Object.defineProperty(Document.prototype, 'hidden', { configurable: true, get: () => hidden });
  Object.defineProperty(Document.prototype, 'visibilityState', {
    configurable: true,
    get: () => (hidden ? 'hidden' : 'visible'),
  });
  const focus = window.focus.bind(window);
  window.focus = () => {
    if (hidden) setHidden(false);
    focus();
  };
  const state: Probe = { shown: [], notices: [], highlighted: [], setHidden };
  window.probe = state;
  const Browser = window.Notification;
  window.Notification = class extends Browser {
    constructor(title: string, options?: NotificationOptions) {
      super(title, options);
      state.shown.push({ title, body: options?.body ?? '', tag: options?.tag ?? '' });
      state.notices.push(this);
    }
  };
  // A message highlighted in place, or drawn already highlighted (a row the list mounts anew).
  new MutationObserver((changes) => {
    for (const change of changes) {
      const target = change.target as HTMLElement;
      if (change.type === 'attributes' && target.dataset.highlighted) {
        state.highlighted.push(target.textContent);
      }
      for (const node of change.addedNodes) {
        if (!(node instanceof HTMLElement)) continue;
        const marked = node.matches('[data-highlighted]') ? [node] : [];
        for (const row of [...marked, ...node.querySelectorAll('[data-highlighted]')]) {
          if ((row as HTMLElement).dataset.highlighted) state.highlighted.push(row.textContent);
        }
      }
    }
  }).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['data-highlighted'],
  });
}

/** Logged in with desktop notifications on (the Settings switch and the browser's permission). */
async function attentivePage(browser: Browser, person: { uid: string; email: string }) {
  await adminUpdate({ [`settings/${person.uid}/browserNotifications`]: true });
  const page = await newPage(browser);
  await page.context().grantPermissions(['notifications'], { origin: new URL(appUrl()).origin });
  await page.addInitScript(instrument);
  await page.goto(appUrl('/login'));
  await fillLoginForm(page, person.email, 'Secret123');
  await page.getByRole('button', { name: spec.auth.loginToContinue }).click();
  await page.waitForURL('**/pages/home', { timeout: 30_000 });
  await dismissToasts(page);
  return page;
}

const shownNotices = (page: Page) => page.evaluate(() => window.probe.shown);
/** Waits for the `count`th desktop notification and returns them all. */
async function noticesUpTo(page: Page, count: number) {
  await page.waitForFunction((n) => window.probe.shown.length >= n, count);
  return shownNotices(page);
}
const hide = (page: Page, hidden: boolean) =>
  page.evaluate((h) => window.probe.setHidden(h), hidden);

const chat = (page: Page) => page.getByRole('region', { name: conversationsStrings.chat.label });
const field = (page: Page) =>
  chat(page).getByRole('textbox', { name: conversationsStrings.chat.inputLabel });
const message = (page: Page, text: string) =>
  chat(page)
    .getByRole('article')
    .filter({ has: page.locator('p', { hasText: text }) })
    .last();
/**
 * Waits until the favicon counts `count` unread messages: the ones the test sent plus Bob's side
 * conversation on the other instance (SIDE_UNREAD), which the icon counts as any other.
 */
const iconCounts = (page: Page, count: number) =>
  page.waitForFunction(
    (text) =>
      decodeURIComponent(
        document.querySelector('link[rel="icon"]')?.getAttribute('href') ?? '',
      ).includes(text),
    `>${String(SIDE_UNREAD + count)}</text>`,
  );

// The admin writes plain values where a client sends server values (time, increment).
const plain = () => ({ now: Date.now(), plusOne: 1 }) as unknown as ServerValues;
let sent = 0;
/**
 * The draft stored at `path` once typing's writes have settled: a draft is written at most once
 * a second while typing, with the server's time, so one unchanged for longer is the last state
 * (the words are sealed: the test cannot read them to know).
 */
async function settledDraft(path: string): Promise<unknown> {
  let seen = JSON.stringify(await adminGet(path));
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, DRAFT_SAVE_MS + 300));
    const now = JSON.stringify(await adminGet(path));
    if (now === seen && now !== 'null') return JSON.parse(now) as unknown;
    seen = now;
  }
}
const nextId = () => `-Ne2eAttention${String(++sent).padStart(6, '0')}`;

describeBrowser('attention: desktop notifications, the favicon and drafts', () => {
  const browser = browserPerSuite({ resetBackend: true });

  async function carolAndBob() {
    const [carol, bob] = await Promise.all([createPerson('Carol'), createPerson('Bob')]);
    const conversationId = '-Ne2eAttentionCarolBob';
    await befriend(conversationId, carol, bob);
    // Bob's unread count there, as the server's increments would leave it.
    let unread = 0;
    const fromCarol = async (text: string) => {
      const id = nextId();
      unread += 1;
      const parties = {
        conversationId,
        from: { uid: carol.uid, name: 'Carol' },
        to: { uid: bob.uid, name: 'Bob' },
      };
      const server = { now: Date.now(), plusOne: unread } as unknown as ServerValues;
      await adminUpdate(directSendWrite(parties, id, text, server));
      return id;
    };
    return { carol, bob, conversationId, fromCarol };
  }

  /** Alice's group Hikers with Bob in it, and her posts (a mention of Bob writes his entry). */
  async function hikersWithBob(bob: { uid: string }) {
    const alice = await createPerson('Alice');
    const groupId = '-Ne2eAttentionHikers';
    await adminUpdate({
      [`Mygroup/${groupId}`]: {
        adminId: alice.uid,
        adminName: 'Alice',
        groupName: 'Hikers',
        groupTag: 'Up a hill',
      },
      [`groupMembership/${groupId}/${bob.uid}`]: { status: 'member', username: 'Bob', at: 1 },
      [`userGroups/${bob.uid}/${groupId}`]: 'member',
    });
    const fromAlice = async (text: string, mentionBob = false) => {
      const id = nextId();
      const parties = { groupId, from: { uid: alice.uid, name: 'Alice' }, to: [bob.uid] };
      const extras = mentionBob ? { mentions: [bob.uid] } : undefined;
      const mention = mentionBob
        ? mentionNotificationChanges(
            {
              groupId,
              groupName: 'Hikers',
              actor: { uid: alice.uid, name: 'Alice' },
              messageId: id,
              to: [bob.uid],
            },
            Date.now() as unknown as object,
          )
        : {};
      await adminUpdate({
        ...groupSendWrite(parties, id, text, plain(), undefined, extras),
        ...mention,
      });
      return id;
    };
    return { groupId, fromAlice };
  }

  // One session tells the whole story (one login): away, back at a message, then at work in
  // another conversation while a group talks.
  it('desktop notifications: a hidden tab, the favicon, the click to the message; groups, another conversation on screen, muted, a mention', async () => {
    const { bob, fromCarol } = await carolAndBob();
    const { groupId, fromAlice } = await hikersWithBob(bob);
    const b = await attentivePage(browser(), bob);
    await iconCounts(b, 0);
    await hide(b, true);

    // Away: Carol's message is a notification with her words, and the icon counts it.
    await fromCarol('Are you coming to lunch?');
    const [first] = await noticesUpTo(b, 1);
    expect(first).toEqual({
      title: 'Carol',
      body: 'Are you coming to lunch?',
      tag: expect.stringContaining('-Ne2eAttentionCarolBob') as string,
    });
    await iconCounts(b, 1);
    // A second message replaces the first (same tag), it does not stack.
    await fromCarol('I booked a table');
    const [, second] = await noticesUpTo(b, 2);
    expect(second).toEqual({ title: 'Carol', body: 'I booked a table', tag: first.tag });
    await iconCounts(b, 2);

    // The click focuses the tab and opens the conversation at that message, highlighted.
    await b.evaluate(() => window.probe.notices[1]?.dispatchEvent(new Event('click')));
    await b.waitForURL(/\/pages\/messages\?.*friend=.*message=/);
    expect(await b.evaluate(() => document.hidden)).toBe(false);
    await chat(b).getByRole('heading', { name: 'Carol' }).waitFor();
    await message(b, 'I booked a table').waitFor();
    await b.waitForFunction(() =>
      window.probe.highlighted.some((t) => t.includes('I booked a table')),
    );
    // Read now: the count leaves the icon.
    await iconCounts(b, 0);
    await shot(b, 'attention-1-notification-opened');
    // Another conversation and back: no second jump to the message.
    const booked = () =>
      b.evaluate(
        () => window.probe.highlighted.filter((t) => t.includes('I booked a table')).length,
      );
    expect(await booked()).toBe(1);
    // The row's own button (its name holds the group's summary line too).
    await row(b, spec.panels.groupList, 'Hikers').locator('button[aria-pressed]').click();
    await chat(b).getByRole('heading', { name: 'Hikers' }).waitFor();
    // Followed once: choosing a conversation takes the link out of the address.
    expect(new URL(b.url()).searchParams.has('message')).toBe(false);
    await row(b, spec.panels.friendList, 'Carol')
      .getByRole('button', { name: 'Carol', exact: true })
      .click();
    await message(b, 'I booked a table').waitFor();
    // A jump would come as soon as the page is loaded; give it time to show.
    await b.waitForTimeout(1500);
    expect(await booked()).toBe(1);

    // The tab visible with Carol's conversation open: a group message still tells.
    await fromAlice('Summit at dawn?');
    const [, , group] = await noticesUpTo(b, 3);
    expect(group).toEqual({
      title: 'Alice in Hikers',
      body: 'Summit at dawn?',
      tag: expect.stringContaining(groupId) as string,
    });
    // Carol's next message shows in the conversation on screen and on no notification.
    await fromCarol('Seen the weather?');
    await message(b, 'Seen the weather?').waitFor();

    // Muted, the group tells nothing, except a mention of me.
    await adminUpdate({ [`inboxPrefs/${bob.uid}/group/${groupId}/mutedUntil`]: 'always' });
    const hikers = row(b, spec.panels.groupList, 'Hikers');
    await hikers.getByText(inboxStrings.prefs.muted).waitFor();
    await hide(b, true);
    await fromAlice('Bring water');
    await hikers.getByText('Bring water').first().waitFor({ state: 'attached' });
    const mentionId = await fromAlice('@Bob carries the rope', true);
    const notices = await noticesUpTo(b, 4);
    expect(notices.slice(3)).toEqual([
      { title: notificationsStrings.text.mention('Alice', 'Hikers'), body: '', tag: group.tag },
    ]);
    // Its click opens the group at the mention.
    await b.evaluate(() => window.probe.notices[3]?.dispatchEvent(new Event('click')));
    await b.waitForURL(new RegExp(`group=${groupId}&message=${mentionId}`));
    await chat(b).getByRole('heading', { name: 'Hikers' }).waitFor();
    await b.waitForFunction(() =>
      window.probe.highlighted.some((t) => t.includes('carries the rope')),
    );
    expect(await shownNotices(b)).toHaveLength(4);
  }, 120_000);

  it('a draft and its reply come back after a reload, from another device too, even quoting an older page', async () => {
    const { bob, conversationId, fromCarol } = await carolAndBob();
    const dan = await createPerson('Dan');
    const danRel = '-Ne2eAttentionDanBob01';
    await befriend(danRel, dan, bob);
    // Dan's conversation is longer than a page: his first message is not among the loaded ones.
    const danIds = Array.from({ length: 60 }, nextId);
    const start = Date.now() - 60_000;
    const parties = {
      conversationId: danRel,
      from: { uid: dan.uid, name: 'Dan' },
      to: { uid: bob.uid, name: 'Bob' },
    };
    await adminUpdate(
      Object.assign(
        {},
        ...danIds.map((id, i) =>
          directSendWrite(
            parties,
            id,
            i === 0 ? 'Old question from Dan' : `Dan says ${String(i)}`,
            {
              now: start + i,
              plusOne: 1,
            } as unknown as ServerValues,
          ),
        ),
      ) as Record<string, unknown>,
    );
    await fromCarol('Lunch at noon?');
    const b = await loginPage(browser(), bob.email);
    await b.getByRole('link', { name: shellStrings.layout.messages }).click();
    await row(b, spec.panels.friendList, 'Carol')
      .getByRole('button', { name: 'Carol', exact: true })
      .click();
    await message(b, 'Lunch at noon?').hover();
    await chat(b).getByRole('button', { name: conversationsStrings.messageActions.reply }).click();
    const replyingTo = (name: string) =>
      chat(b).getByText(conversationsStrings.messageActions.replyingTo(name));
    await replyingTo('Carol').waitFor();
    await field(b).pressSequentially('Half-written answer');
    // Sealed for Bob's own devices, so the database holds none of its words.
    const sealedText = expect.stringMatching(/^s1\./) as string;
    const carolsDraft = await settledDraft(`drafts/${bob.uid}/direct/${conversationId}`);
    expect(carolsDraft).toMatchObject({ text: sealedText, replyTo: expect.any(String) as string });
    expect(JSON.stringify(carolsDraft)).not.toContain('Half-written');
    // A draft of Bob's from before drafts were sealed, a reply to Dan's first message: his row
    // says so at once.
    await adminUpdate({
      [`drafts/${bob.uid}/direct/${danRel}`]: {
        text: 'About that old question',
        replyTo: danIds[0],
        at: Date.now(),
      },
    });
    const dansRow = row(b, spec.panels.friendList, 'Dan');
    await dansRow.getByText(inboxStrings.prefs.draft('About that old question')).first().waitFor();

    await b.reload();
    await chat(b).getByRole('heading', { name: 'Carol' }).waitFor();
    await expect.poll(() => field(b).inputValue()).toBe('Half-written answer');
    await replyingTo('Carol').waitFor();
    await shot(b, 'attention-2-draft-after-reload');

    // Dan's: the words and the reply to a message older than the loaded page.
    await dansRow.getByRole('button', { name: 'Dan', exact: true }).click();
    await chat(b).getByRole('heading', { name: 'Dan' }).waitFor();
    await expect.poll(() => field(b).inputValue()).toBe('About that old question');
    await replyingTo('Dan').waitFor();
    await chat(b).getByText('Old question from Dan').first().waitFor();
    // Carol's row keeps hers, and typing on keeps the reply in Dan's.
    await row(b, spec.panels.friendList, 'Carol')
      .getByText(inboxStrings.prefs.draft('Half-written answer'))
      .first()
      .waitFor();
    await field(b).press('End');
    await field(b).pressSequentially('?');
    await expect
      .poll(() => adminGet(`drafts/${bob.uid}/direct/${danRel}`), { timeout: 10_000 })
      .toMatchObject({ text: sealedText, replyTo: danIds[0] });
    expect(await adminGet(`drafts/${bob.uid}/direct/${conversationId}`)).toEqual(carolsDraft);
  }, 90_000);
});
