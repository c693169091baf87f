import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { conversationsStrings } from '../../src/features/conversations/conversations-strings';
import { adminGet, adminUpdate, browserPerSuite, describeBrowser, shot } from '../support/browser';
import {
  aliceAndBob,
  chat,
  hikersGroup,
  messageRow,
  openFriend,
  openMessages,
  typeAndSend,
} from '../support/conversation-steps';
import { demoPushId } from '../../scripts/demo/data';
import { befriend, createPerson, loginPage, settle } from './app-home-steps';

// Reactions and quotes in two browsers, 1:1 and group, offline.
const conversationId = '-Ne2eReactAliceBob01';
const groupId = '-Ne2eReactGroup00001';
const strings = conversationsStrings.reactions;
const message = messageRow;
const chip = (page: Page, text: string, emoji: string) =>
  message(page, text)
    .getByRole('list', { name: strings.chips })
    .getByRole('button', { name: new RegExp(`^${emoji}`) });

const send = typeAndSend;

/** The Messages page, then the friend's chat. */
async function openFriendChat(page: Page, name: string): Promise<void> {
  await openMessages(page);
  await openFriend(page, name);
}

/** Hovers the message and opens its 'React' popover (the message toolbar's button). */
async function openReactions(page: Page, text: string): Promise<Locator> {
  await message(page, text).hover();
  await chat(page).getByRole('button', { name: 'React', exact: true }).click();
  const popover = page.getByRole('dialog', { name: strings.popover });
  await popover.waitFor();
  return popover;
}

async function react(page: Page, text: string, emoji: string): Promise<void> {
  const popover = await openReactions(page, text);
  await popover.getByRole('button', { name: strings.reactWith(emoji) }).click();
  await popover.waitFor({ state: 'detached' });
}

/** A stored 1:1 message, as a send leaves it (admin write, no inbox entries needed here). */
function stored(
  from: { uid: string; username: string },
  to: { uid: string; username: string },
  text: string,
  createdAt: number,
  extra: Record<string, unknown> = {},
) {
  return {
    message: text,
    messagesenderId: from.uid,
    massagesenderName: from.username,
    messagereceiverId: to.uid,
    messagereceiverName: to.username,
    createdAt,
    ...extra,
  };
}

describeBrowser('reactions and quotes in two browsers', () => {
  const browser = browserPerSuite({ resetBackend: true });

  /**
   * Alice and Bob, friends, with `count` messages an hour old taking turns ('Filler i', the
   * original at its index) and Bob's reply quoting the original later on; Alice signed in.
   */
  async function quoteFarBack(history: {
    count: number;
    original: { index: number; text: string };
    reply: { text: string; afterMs: number };
    idBase: number;
  }) {
    const alice = await createPerson('Alice');
    const bob = await createPerson('Bob');
    await befriend(conversationId, alice, bob);
    const start = Date.now() - 3_600_000;
    const seeded: Record<string, unknown> = {};
    let originalId = '';
    for (let i = 0; i < history.count; i++) {
      const at = start + i * 1000;
      const id = demoPushId(at, history.idBase + i);
      const [from, to] = i % 2 ? [alice, bob] : [bob, alice];
      const isOriginal = i === history.original.index;
      const text = isOriginal ? history.original.text : `Filler ${String(i)}`;
      if (isOriginal) originalId = id;
      seeded[`sendMessage/${conversationId}/${id}`] = stored(from, to, text, at);
    }
    const replyAt = start + history.reply.afterMs;
    seeded[`sendMessage/${conversationId}/${demoPushId(replyAt, history.idBase + 999)}`] = stored(
      bob,
      alice,
      history.reply.text,
      replyAt,
      { replyTo: originalId },
    );
    await adminUpdate(seeded);
    const a = await loginPage(browser(), alice.email);
    return { a, originalId };
  }

  it('1:1: the quick emoji and the full picker react, chips toggle, who reacted shows', async () => {
    const { alice, bob, a, b } = await aliceAndBob(browser(), conversationId, { openChats: true });
    await send(b, 'see you at 8?');
    await message(a, 'see you at 8?').waitFor();

    const popover = await openReactions(a, 'see you at 8?');
    await settle(a);
    await shot(a, 'reactions-1-popover-1280');
    await popover.getByRole('button', { name: strings.reactWith('👍') }).click();
    await popover.waitFor({ state: 'detached' });
    // Alice sees her chip at once; Bob sees it live, and who it is from.
    expect(await chip(a, 'see you at 8?', '👍').getAttribute('aria-pressed')).toBe('true');
    await chip(b, 'see you at 8?', '👍').waitFor();
    expect(await chip(b, 'see you at 8?', '👍').getAttribute('aria-label')).toBe(
      strings.chip('👍', 1, false),
    );
    await chip(b, 'see you at 8?', '👍').hover();
    await b.getByRole('tooltip').getByText('Alice').waitFor();

    // Bob adds his by clicking the chip: 2 for both, each marked for himself.
    await chip(b, 'see you at 8?', '👍').click();
    await expect
      .poll(() => chip(a, 'see you at 8?', '👍').getAttribute('aria-label'))
      .toBe(strings.chip('👍', 2, true));
    await chip(a, 'see you at 8?', '👍').hover();
    await a
      .getByRole('tooltip')
      .getByText(`${conversationsStrings.messageActions.you}, Bob`)
      .waitFor();

    // A second emoji from the full picker.
    const again = await openReactions(a, 'see you at 8?');
    await again.getByRole('button', { name: strings.more }).click();
    const search = again.getByRole('combobox', {
      name: conversationsStrings.chatImages.emojiSearch,
    });
    await search.fill('rocket');
    await settle(a);
    await shot(a, 'reactions-2-full-picker-1280');
    await again
      .getByRole('option', { name: /rocket/i })
      .first()
      .click();
    await chip(b, 'see you at 8?', '🚀').waitFor();
    await a.mouse.move(5, 5);
    await settle(a);
    await shot(a, 'reactions-3-chips-1280');

    // Alice takes back her 👍: Bob's chip drops to his own one.
    await chip(a, 'see you at 8?', '👍').click();
    await expect
      .poll(() => chip(b, 'see you at 8?', '👍').getAttribute('aria-label'))
      .toBe(strings.chip('👍', 1, true));
    const messages = (await adminGet(`sendMessage/${conversationId}`)) as Record<
      string,
      { reactions?: Record<string, Record<string, number>> }
    >;
    const reactions = Object.values(messages)[0]?.reactions ?? {};
    expect(Object.keys(reactions['👍'] ?? {})).toEqual([bob.uid]);
    expect(Object.keys(reactions['🚀'] ?? {})).toEqual([alice.uid]);

    // Alice replies with 'Reply': Bob sees the quote of his own message and goes to it.
    await message(a, 'see you at 8?').hover();
    await chat(a)
      .getByRole('button', { name: conversationsStrings.messageActions.reply, exact: true })
      .click();
    await send(a, 'yes, at the station');
    const quote = message(b, 'yes, at the station').getByRole('button', {
      name: `${conversationsStrings.quotes.label(conversationsStrings.messageActions.you)}: see you at 8?`,
    });
    await quote.click();
    await chat(b).locator('[data-highlighted]', { hasText: 'see you at 8?' }).waitFor();
    await settle(b);
    await shot(b, 'quotes-0-reply-sent-1280');

    // At phone size: the popover stays on screen.
    await a.setViewportSize({ width: 390, height: 844 });
    await openFriend(a, 'Bob');
    await a.mouse.move(5, 5);
    await settle(a);
    await shot(a, 'reactions-4-chips-390');
    await openReactions(a, 'see you at 8?');
    await settle(a);
    await shot(a, 'reactions-5-popover-390');
    const box = await a.getByRole('dialog', { name: strings.popover }).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  });

  it('group: a member reacts, the author sees it with the name', async () => {
    const { a, b } = await hikersGroup(browser(), groupId);
    await chat(a).getByText(conversationsStrings.groupChat.members(2)).waitFor();
    await send(a, 'Saturday at 8?');
    await message(b, 'Saturday at 8?').waitFor();
    await react(b, 'Saturday at 8?', '❤️');
    await chip(a, 'Saturday at 8?', '❤️').waitFor();
    await chip(a, 'Saturday at 8?', '❤️').focus();
    await a.getByRole('tooltip').getByText('Bob').waitFor();
    expect(await chip(b, 'Saturday at 8?', '❤️').getAttribute('aria-pressed')).toBe('true');
    // Alice adds hers with the chip; Bob sees two.
    await chip(a, 'Saturday at 8?', '❤️').click();
    await expect
      .poll(() => chip(b, 'Saturday at 8?', '❤️').getAttribute('aria-label'))
      .toBe(strings.chip('❤️', 2, true));
  });

  it('a quote 300 messages back: shown in the bubble, a click loads and shows the original', async () => {
    const { a } = await quoteFarBack({
      count: 300,
      original: { index: 0, text: 'see you at 8?\nor at 9' },
      reply: { text: 'at the station', afterMs: 400_000 },
      idBase: 700_000,
    });
    // At phone size first: the quote in its bubble.
    const desktop = a.viewportSize();
    await a.setViewportSize({ width: 390, height: 844 });
    await openFriendChat(a, 'Bob');
    await message(a, 'at the station').getByRole('button').first().waitFor();
    await settle(a);
    await shot(a, 'quotes-3-reply-390');
    if (desktop) await a.setViewportSize(desktop);
    const quote = message(a, 'at the station').getByRole('button', {
      name: `${conversationsStrings.quotes.label('Bob')}: see you at 8?`,
    });
    await quote.waitFor();
    await settle(a);
    await shot(a, 'quotes-1-reply-1280');
    // Not loaded: only the quote shows its words.
    expect(await chat(a).locator('p', { hasText: 'see you at 8?' }).count()).toBe(0);
    await quote.click();
    const original = chat(a).locator('[data-highlighted]', { hasText: 'see you at 8?' });
    await original.waitFor({ timeout: 15_000 });
    // On screen, and it stays put: no jump once it is shown.
    const words = chat(a).locator('p', { hasText: 'see you at 8?' });
    const first = await words.boundingBox();
    const viewport = await chat(a)
      .getByRole('region', { name: conversationsStrings.chat.scroller })
      .boundingBox();
    expect(
      first &&
        viewport &&
        first.y >= viewport.y &&
        first.y + first.height <= viewport.y + viewport.height,
    ).toBe(true);
    await settle(a);
    await shot(a, 'quotes-2-original-highlighted-1280');
    await a.waitForTimeout(700);
    const later = await words.boundingBox();
    expect(Math.abs((later?.y ?? 0) - (first?.y ?? 0))).toBeLessThan(2);
    // The highlight goes after a moment.
    await original.waitFor({ state: 'detached', timeout: 5000 });
    // Everything between is loaded: scrolling down from it shows what followed.
    await message(a, 'Filler 1').waitFor();
  });

  it('a jump far back: the original stays put once shown (older ones above it), and has focus', async () => {
    // The original with 200 older messages above it and 200 newer below.
    const { a, originalId } = await quoteFarBack({
      count: 400,
      original: { index: 200, text: 'the far original' },
      reply: { text: 'about that', afterMs: 500_000 },
      idBase: 710_000,
    });
    await openFriendChat(a, 'Bob');
    const quote = message(a, 'about that').getByRole('button', {
      name: `${conversationsStrings.quotes.label('Bob')}: the far original`,
    });
    await quote.waitFor();
    await quote.click();
    await chat(a).locator('[data-highlighted]', { hasText: 'the far original' }).waitFor();
    const words = chat(a).locator('p', { hasText: 'the far original' });
    const first = await words.boundingBox();
    // Long enough for a page load set off by reaching the list's top to land and move it.
    await a.waitForTimeout(1500);
    const later = await words.boundingBox();
    expect(first).not.toBeNull();
    expect(Math.abs((later?.y ?? 0) - (first?.y ?? 0))).toBeLessThan(2);
    // The keyboard lands on it: focus is on the original's row.
    expect(
      await a.evaluate(
        () => document.activeElement?.closest<HTMLElement>('[data-message-id]')?.dataset.messageId,
      ),
    ).toBe(originalId);
    // Messages above it are loaded already.
    await message(a, 'Filler 199').waitFor({ state: 'attached' });
  });

  it('offline: a reaction shows at once, is queued, and is delivered once', async () => {
    const { alice, a, b } = await aliceAndBob(browser(), conversationId, { openChats: true });
    await send(b, 'are you coming?');
    await message(a, 'are you coming?').waitFor();
    await a.context().setOffline(true);
    await react(a, 'are you coming?', '🙏');
    expect(await chip(a, 'are you coming?', '🙏').getAttribute('aria-pressed')).toBe('true');
    await b.waitForTimeout(1500);
    expect(
      await message(b, 'are you coming?').getByRole('list', { name: strings.chips }).count(),
    ).toBe(0);
    await a.context().setOffline(false);
    await chip(b, 'are you coming?', '🙏').waitFor({ timeout: 20_000 });
    expect(await chip(b, 'are you coming?', '🙏').getAttribute('aria-label')).toBe(
      strings.chip('🙏', 1, false),
    );
    const messages = (await adminGet(`sendMessage/${conversationId}`)) as Record<
      string,
      { reactions?: Record<string, Record<string, number>> }
    >;
    expect(Object.values(messages)[0]?.reactions).toEqual({
      '🙏': { [alice.uid]: expect.any(Number) as number },
    });
  });
});
