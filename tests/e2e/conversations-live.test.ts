import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { conversationsStrings } from '../../src/features/conversations/conversations-strings';
import { encryptionStrings } from '../../src/features/encryption';
import { inboxStrings } from '../../src/features/inbox/inbox-strings';
import { spec } from '../../src/strings/spec';
import { adminGet, browserPerSuite, describeBrowser } from '../support/browser';
import {
  aliceAndBob,
  chat,
  deleteMessage,
  editMessage,
  hikersGroup,
  messageWithActions as message,
  openFriend,
  openMessages,
  sendAndShow as send,
} from '../support/conversation-steps';
import { loginPage, row } from './app-home-steps';

// Reactions, edits, deletes and previews reach the other screen within 1 s of the server
// acknowledging the write: each step waits until the database holds the change (an admin read),
// then gives the other browser 1 s to show it, and fails otherwise.
const actions = conversationsStrings.messageActions;
const reactions = conversationsStrings.reactions;
const conversationId = '-Ne2eLiveAliceBob0001';
const groupId = '-Ne2eLiveHikers000001';
const LIVE = { timeout: 1000 };
/** Two browsers through several steps on a loaded machine: beyond the default minute. */
const LONG_TEST_MS = 150_000;

const chips = (page: Page, text: string) =>
  message(page, text).getByRole('list', { name: reactions.chips });
const chip = (page: Page, text: string, emoji: string) =>
  chips(page, text).getByRole('button', { name: new RegExp(`^${emoji}`) });

async function idOf(page: Page, text: string): Promise<string> {
  const id = await message(page, text).getAttribute('data-message-id');
  if (!id) throw new Error(`no message id for ${text}`);
  return id;
}

/** Polls the database until `holds` is true of `path`'s value: the server has the write. */
async function acknowledged(path: string, holds: (value: unknown) => boolean, what: string) {
  const deadline = Date.now() + 20_000;
  while (!holds(await adminGet(path))) {
    if (Date.now() > deadline) throw new Error(`The server never stored ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function react(page: Page, text: string, emoji: string): Promise<void> {
  await message(page, text).hover();
  await message(page, text).getByRole('button', { name: actions.react, exact: true }).click();
  const popover = page.getByRole('dialog', { name: reactions.popover });
  await popover.getByRole('button', { name: reactions.reactWith(emoji) }).click();
  await popover.waitFor({ state: 'detached' });
}

/** The reactions stored on a message, emoji → uids. */
const reactionsAt = (value: unknown): Record<string, Record<string, number>> =>
  (value as { reactions?: Record<string, Record<string, number>> } | null)?.reactions ?? {};

/**
 * `reactor` reacts 👍 to `author`'s message `text` and takes it back; `author` sees '👍 1' and
 * then no chip, each within 1 s of the server storing it. Then `author` edits the message and
 * deletes another one for everyone; `reactor` sees each within 1 s.
 */
async function liveOnTheOtherScreen(
  conversation: string,
  author: Page,
  reactor: { page: Page; uid: string },
) {
  await send(author, 'see you at 7?');
  await send(author, 'sent by mistake');
  const other = reactor.page;
  await message(other, 'sent by mistake').waitFor();
  const id = await idOf(author, 'see you at 7?');
  const at = `${conversation}/${id}`;

  await react(other, 'see you at 7?', '👍');
  await acknowledged(at, (m) => reactor.uid in (reactionsAt(m)['👍'] ?? {}), 'the reaction');
  await chip(author, 'see you at 7?', '👍').waitFor(LIVE);
  expect(await chip(author, 'see you at 7?', '👍').getAttribute('aria-label')).toBe(
    reactions.chip('👍', 1, false),
  );

  // Taken back: the last reaction of the message, so `reactions` leaves the stored message.
  await chip(other, 'see you at 7?', '👍').click();
  await acknowledged(at, (m) => Object.keys(reactionsAt(m)).length === 0, 'the taken-back one');
  await chips(author, 'see you at 7?').waitFor({ state: 'detached', ...LIVE });

  await editMessage(author, 'see you at 7?', 'see you at 8?');
  await acknowledged(
    at,
    (m) => typeof (m as { editedAt?: unknown }).editedAt === 'number',
    'the edit',
  );
  await message(other, 'see you at 8?').getByText(actions.edited).waitFor(LIVE);
  expect(await message(other, 'see you at 7?').count()).toBe(0);

  const mistake = await idOf(author, 'sent by mistake');
  await deleteMessage(author, 'sent by mistake', actions.deleteForEveryone);
  await acknowledged(
    `${conversation}/${mistake}/deleted`,
    (deleted) => deleted === true,
    'the delete for everyone',
  );
  await chat(other).getByText(actions.deleted).waitFor(LIVE);
  expect(await chat(other).getByText('sent by mistake').count()).toBe(0);
}

describeBrowser('reactions, edits, deletes and previews live on every screen', () => {
  const browser = browserPerSuite({ resetBackend: true });

  it(
    '1:1: a reaction added and taken back, an edit and a delete, each live within 1 s',
    async () => {
      const { bob, a, b } = await aliceAndBob(browser(), conversationId, { openChats: true });
      await liveOnTheOtherScreen(`sendMessage/${conversationId}`, a, { page: b, uid: bob.uid });
    },
    LONG_TEST_MS,
  );

  it(
    'group: a reaction added and taken back, an edit and a delete, each live within 1 s',
    async () => {
      const { bob, a, b } = await hikersGroup(browser(), groupId);
      await chat(a).getByText(conversationsStrings.groupChat.members(2)).waitFor();
      await liveOnTheOtherScreen(`groupMessages/${groupId}`, a, { page: b, uid: bob.uid });

      // Delete for me of my newest message: my group row shows the one before it (deleted for
      // everyone above), not its words.
      await send(a, 'wrong group');
      const hikers = row(a, spec.panels.groupList, 'Hikers');
      await hikers.getByText(inboxStrings.you('wrong group'), { exact: true }).waitFor();
      await deleteMessage(a, 'wrong group', actions.deleteForMe);
      await hikers
        .getByText(inboxStrings.you(inboxStrings.kinds.deleted), { exact: true })
        .waitFor(LIVE);
      expect(await hikers.getByText('wrong group').count()).toBe(0);
    },
    LONG_TEST_MS,
  );

  it(
    'delete for me of my newest message: my row shows the one before it in both of my browsers',
    async () => {
      const { alice, a, b } = await aliceAndBob(browser(), conversationId, { openChats: true });
      // A second browser of Alice's, approved by her first (it then reads the sealed history).
      const a2 = await loginPage(browser(), alice.email);
      await a
        .getByRole('button', { name: encryptionStrings.approve, exact: true })
        .click({ timeout: 20_000 });
      await openMessages(a2);
      await openFriend(a2, 'Bob');

      await send(b, 'are we on for 8?');
      await message(a, 'are we on for 8?').waitFor();
      await send(a, 'my PIN is 4711');
      const rows = [a, a2].map((page) => row(page, spec.panels.friendList, 'Bob'));
      for (const mine of rows)
        await mine.getByText(inboxStrings.you('my PIN is 4711'), { exact: true }).waitFor();

      const pin = await idOf(a, 'my PIN is 4711');
      await deleteMessage(a, 'my PIN is 4711', actions.deleteForMe);
      await acknowledged(
        `hiddenMessages/${alice.uid}/${conversationId}/${pin}`,
        (hidden) => hidden === true,
        'the delete for me',
      );
      for (const mine of rows)
        await mine.getByText('are we on for 8?', { exact: true }).waitFor(LIVE);
      for (const mine of rows) expect(await mine.getByText('4711').count()).toBe(0);
      await message(a2, 'my PIN is 4711').waitFor({ state: 'detached', ...LIVE });
      // Only for me: Bob still has it, in his chat and his row.
      await message(b, 'my PIN is 4711').waitFor();
      await row(b, spec.panels.friendList, 'Alice')
        .getByText('my PIN is 4711', { exact: true })
        .waitFor();
      // Sealed like every preview: the database holds no word of it.
      const cover = (await adminGet(`inbox/${alice.uid}/${conversationId}/cover`)) as {
        text?: string;
      };
      expect(cover.text).toMatch(/^s2\./);
      expect(JSON.stringify(await adminGet(`inbox/${alice.uid}`))).not.toContain('are we on');

      // Delete for me of the one before too: nothing is left to show, never a deleted word.
      await deleteMessage(a, 'are we on for 8?', actions.deleteForMe);
      for (const mine of rows) {
        await mine.getByText(inboxStrings.noMessages, { exact: true }).waitFor({ timeout: 5000 });
        expect(await mine.getByText('are we on').count()).toBe(0);
        expect(await mine.getByText('4711').count()).toBe(0);
      }
    },
    LONG_TEST_MS,
  );
});
