import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { conversationsStrings } from '../../src/features/conversations/conversations-strings';
import { inboxStrings } from '../../src/features/inbox/inbox-strings';
import { spec } from '../../src/strings/spec';
import { encryptionStrings } from '../../src/features/encryption';
import { gradientPng } from '../../scripts/gradient-png';
import { adminGet, browserPerSuite, describeBrowser, shot } from '../support/browser';
import {
  aliceAndBob,
  chat,
  chatField,
  deleteMessage,
  editMessage,
  hikersGroup,
  messageWithActions as message,
  openFriend,
  openMessages,
  pickFromMenu,
  sendAndShow as send,
} from '../support/conversation-steps';
import { offlineSwitch } from '../support/offline-switch';
import { whatReplaced } from '../support/page-diagnosis';
import { befriend, createPerson, dismissToasts, loginPage, settle } from './app-home-steps';

// Message actions: edit and delete in two browsers, 1:1 and group,
// and an edit written offline.
const strings = conversationsStrings.messageActions;
const conversationId = '-Ne2eActionsAliceBob1';
const groupId = '-Ne2eActionsHikers001';

/** Two browsers through many steps (and screenshots): beyond the default minute on a loaded machine. */
const LONG_TEST_MS = 150_000;

const field = chatField;

const menu = (page: Page) => page.getByRole('menu', { name: strings.menu });

/** The stored messages of a conversation, by id. */
async function stored(path: string): Promise<Partial<Record<string, Record<string, unknown>>>> {
  return (await adminGet(path)) ?? {};
}

describeBrowser('message actions in two browsers', () => {
  const browser = browserPerSuite({ resetBackend: true });

  it(
    '1:1: the toolbar and menu, edit, delete for everyone, delete for me on all my devices',
    async () => {
      const { bob, a, b } = await aliceAndBob(browser(), conversationId, { openChats: true });
      await a.setViewportSize({ width: 1280, height: 720 });
      await send(b, 'are we on for 8?');
      await send(a, 'see you at 7');
      await send(a, 'sent to the wrong person');
      await message(b, 'sent to the wrong person').waitFor();

      // Hovering shows the toolbar; 'More actions' opens the menu, Escape gives the focus back.
      await message(a, 'see you at 7').hover();
      const more = message(a, 'see you at 7').getByRole('button', { name: strings.more });
      await message(a, 'see you at 7').getByRole('button', { name: strings.react }).waitFor();
      await message(a, 'see you at 7').getByRole('button', { name: strings.reply }).waitFor();
      await more.click();
      const items = await menu(a).getByRole('menuitem').allTextContents();
      expect(items).toEqual(['React', 'Reply', 'Forward', 'Copy text', 'Edit', 'Delete']);
      await a.keyboard.press('Escape');
      await menu(a).waitFor({ state: 'detached' });
      expect(await more.evaluate((el) => el === document.activeElement)).toBe(true);
      // Bob's message offers no Edit to Alice, only Delete (for her).
      await message(a, 'are we on for 8?').click({ button: 'right' });
      expect(await menu(a).getByRole('menuitem').allTextContents()).toEqual([
        'React',
        'Reply',
        'Forward',
        'Copy text',
        'Delete',
      ]);
      await a.keyboard.press('Escape');

      // The toolbar (by focus), the menu, the editing bar and the dialog, on a desktop and a phone.
      for (const [size, viewport] of [
        ['desktop', { width: 1280, height: 720 }],
        ['phone', { width: 390, height: 844 }],
      ] as const) {
        await a.setViewportSize(viewport);
        // A phone shows the lists or the chat: the chat, as choosing the friend opens it.
        if (!(await chat(a).isVisible())) await openFriend(a, 'Bob');
        await a.mouse.move(0, 0);
        await message(a, 'see you at 7').focus();
        await message(a, 'see you at 7').getByRole('button', { name: strings.more }).waitFor();
        await shot(a, `actions-1-toolbar-${size}`);
        await a.keyboard.press('Enter');
        await menu(a).getByRole('menuitem').first().waitFor();
        await settle(a);
        await shot(a, `actions-2-menu-${size}`);
        await a.keyboard.press('Escape');
        await menu(a).waitFor({ state: 'detached' });
        await pickFromMenu(a, 'see you at 7', strings.edit);
        await chat(a).getByText(strings.editing, { exact: true }).waitFor();
        await shot(a, `actions-3-editing-${size}`);
        await field(a).press('Escape');
        await chat(a).getByText(strings.editing, { exact: true }).waitFor({ state: 'detached' });
        await pickFromMenu(a, 'sent to the wrong person', strings.delete);
        await a.getByRole('dialog', { name: strings.deleteTitle }).waitFor();
        await settle(a);
        await shot(a, `actions-4-delete-dialog-${size}`);
        await a.keyboard.press('Escape');
        await a.getByRole('dialog').waitFor({ state: 'detached' });
        // The menu's React: the reactions open by the message, whole inside the screen.
        await pickFromMenu(a, 'see you at 7', strings.react);
        const reactions = a.getByRole('dialog', { name: conversationsStrings.reactions.popover });
        await reactions.waitFor();
        await settle(a);
        const box = await reactions.boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= viewport.width).toBe(true);
        expect(box && box.y >= 0 && box.y + box.height <= viewport.height).toBe(true);
        await shot(a, `actions-4b-react-${size}`);
        await a.keyboard.press('Escape');
        await reactions.waitFor({ state: 'detached' });
      }
      await a.setViewportSize({ width: 1280, height: 720 });

      // Edit: the text comes back in the field; both sides see the new text, marked Edited.
      await editMessage(a, 'see you at 7', 'see you at 8');
      await message(b, 'see you at 8').getByText(strings.edited).waitFor();
      await message(a, 'see you at 8').getByText(strings.edited).waitFor();
      expect(await message(b, 'see you at 7').count()).toBe(0);

      // Delete for everyone: both see the placeholder, the text gone from the database.
      await deleteMessage(a, 'sent to the wrong person', strings.deleteForEveryone);
      await chat(b).getByText(strings.deleted).waitFor();
      await chat(a).getByText(strings.deleted).waitFor();
      expect(await chat(b).getByText('sent to the wrong person').count()).toBe(0);
      const deletedId = await message(a, strings.deleted).getAttribute('data-message-id');
      const afterDelete = await stored(`sendMessage/${conversationId}`);
      expect(afterDelete[deletedId ?? '']?.deleted).toBe(true);
      expect(afterDelete[deletedId ?? '']?.message).toBeUndefined();
      await dismissToasts(a);
      await a.mouse.move(0, 0);
      await shot(a, 'actions-5-deleted-desktop');
      await a.setViewportSize({ width: 390, height: 844 });
      if (!(await chat(a).isVisible())) await openFriend(a, 'Bob');
      await shot(a, 'actions-5-deleted-phone');
      await a.setViewportSize({ width: 1280, height: 720 });

      // Delete for me: gone from Bob's screens (a second device too), still on Alice's.
      const b2 = await loginPage(browser(), bob.email);
      await openMessages(b2);
      await openFriend(b2, 'Alice');
      // A new device reads the sealed history once one of Bob's devices approves it.
      await b
        .getByRole('button', { name: encryptionStrings.approve, exact: true })
        .click({ timeout: 20_000 });
      await message(b2, 'are we on for 8?').waitFor({ timeout: 20_000 });
      await deleteMessage(b, 'are we on for 8?', strings.deleteForMe);
      await message(b, 'are we on for 8?').waitFor({ state: 'detached' });
      await message(b2, 'are we on for 8?').waitFor({ state: 'detached' });
      await message(a, 'are we on for 8?').waitFor();

      // Reply: the quote above the field, and the send carries it.
      const originalId = await message(a, 'see you at 8').getAttribute('data-message-id');
      await pickFromMenu(b, 'see you at 8', strings.reply);
      await chat(b).getByText(strings.replyingTo('Alice')).waitFor();
      await field(b).fill('8 works');
      await field(b).press('Enter');
      await message(a, '8 works').waitFor();
      const replyId = await message(a, '8 works').getAttribute('data-message-id');
      const afterReply = await stored(`sendMessage/${conversationId}`);
      expect(afterReply[replyId ?? '']?.replyTo).toBe(originalId);
    },
    LONG_TEST_MS,
  );

  it('a photo sent while the reply bar is open carries the quote; the bar closes', async () => {
    const alice = await createPerson('Alice');
    const bob = await createPerson('Bob');
    await befriend(conversationId, alice, bob);
    const a = await loginPage(browser(), alice.email);
    await openMessages(a);
    await openFriend(a, 'Bob');
    await send(a, 'the map is below');
    const quotedId = await message(a, 'the map is below').getAttribute('data-message-id');
    await pickFromMenu(a, 'the map is below', strings.reply);
    await chat(a).getByText(strings.replyingTo('You')).waitFor();
    await chat(a)
      .getByTestId('chat-image-input')
      .setInputFiles({ name: 'map.png', mimeType: 'image/png', buffer: gradientPng(400, 300) });
    await chat(a).getByText(strings.replyingTo('You')).waitFor({ state: 'detached' });
    await chat(a)
      .getByRole('button', { name: /^Open photo/ })
      .waitFor();
    const photoQuotes = async () =>
      Object.values(await stored(`sendMessage/${conversationId}`))
        .filter((m) => m?.kind === 'image')
        .map((m) => m?.replyTo);
    await expect.poll(photoQuotes, { timeout: 20_000 }).toEqual([quotedId]);
  });

  it(
    'group: a member edits and deletes for everyone, another deletes for me only',
    async () => {
      const { a, b } = await hikersGroup(browser(), groupId);
      await send(b, 'Saturday at 7?');
      await send(b, 'bring the tent');
      await send(a, 'Noted');
      await message(b, 'Noted').waitFor();

      await editMessage(b, 'Saturday at 7?', 'Saturday at 8?');
      await message(a, 'Saturday at 8?').getByText(strings.edited).waitFor();

      await deleteMessage(b, 'bring the tent', strings.deleteForEveryone);
      await chat(a).getByText(strings.deleted).waitFor();
      await chat(b).getByText(strings.deleted).waitFor();
      expect(await chat(a).getByText('bring the tent').count()).toBe(0);
      const all = await stored(`groupMessages/${groupId}`);
      const deleted = Object.values(all).filter((m) => m?.deleted === true);
      expect(deleted).toHaveLength(1);
      expect(deleted[0]?.message).toBeUndefined();

      // Alice's own 'Delete' on Bob's message: only for her.
      await pickFromMenu(a, 'Saturday at 8?', strings.delete);
      const dialog = a.getByRole('dialog', { name: strings.deleteTitleForMe });
      expect(await dialog.getByRole('button', { name: strings.deleteForEveryone }).count()).toBe(0);
      await dialog.getByRole('button', { name: strings.deleteForMe }).click();
      await message(a, 'Saturday at 8?').waitFor({ state: 'detached' });
      await message(b, 'Saturday at 8?').waitFor();
      await shot(a, 'actions-11-group-alice');
    },
    LONG_TEST_MS,
  );

  // Going offline may beat the conversation's first answer on a loaded machine: the message sent
  // offline must show anyway (reads.ts; it once never did, 2 runs of 4). Sent
  // offline, a message is held by the app's outbox (conversations-outbox.ts): drawn at once even
  // as the first sealed message of the session, rewritten by an edit, dropped by a delete.
  // Once failed after 22.7 s in the fresh-clone run of commit 34c8731: after `fill`, the Chat
  // region's message field was gone while offline (cause not found; it passed 10 runs in a row
  // since, alone, with its file, and two runs at once). Should it fail again, the error carries
  // what the page showed instead (`whatReplaced`).
  it(
    'offline: an edit of a pending message shows at once and is delivered once; a delete sends nothing',
    async () => {
      const { a, b } = await aliceAndBob(browser(), conversationId, { openChats: true });
      // Connected first (a loaded machine may still be connecting): Bob shows as online.
      await chat(a).getByText(spec.chat.online, { exact: true }).waitFor({ timeout: 20_000 });

      // Really offline before the send (setOffline alone leaves WebSockets up): it stays pending.
      const network = await offlineSwitch(a);
      await network.offline();
      await chat(a).getByText(inboxStrings.offline).waitFor();
      await field(a).fill('meet at the statoin');
      await whatReplaced(a, chat(a), () => field(a).press('Enter', { timeout: 15_000 }));
      // States, not times: a starved machine can take long to draw the held message.
      await message(a, 'meet at the statoin').waitFor({ timeout: 30_000 });
      await message(a, 'meet at the statoin')
        .getByRole('img', { name: conversationsStrings.inbox.sending })
        .waitFor();
      await editMessage(a, 'meet at the statoin', 'meet at the station');
      // The held text changed on screen at once, still pending.
      await message(a, 'meet at the station').waitFor();
      expect(await message(a, 'statoin').count()).toBe(0);
      await message(a, 'meet at the station')
        .getByRole('img', { name: conversationsStrings.inbox.sending })
        .waitFor();
      await shot(a, 'actions-12-offline-edited-pending');

      // A second message, deleted for everyone while still held: gone, and it never goes out.
      await send(a, 'my PIN is 4711');
      await deleteMessage(a, 'my PIN is 4711', strings.deleteForEveryone);
      await message(a, 'my PIN is 4711').waitFor({ state: 'detached' });
      expect(await chat(a).getByText(strings.deleted).count()).toBe(0);
      // Nothing reached the server while offline.
      expect(await stored(`sendMessage/${conversationId}`)).toEqual({});

      await network.online();
      await message(b, 'meet at the station').waitFor({ timeout: 20_000 });
      expect(await message(b, 'statoin').count()).toBe(0);
      await chat(a)
        .getByRole('img', { name: conversationsStrings.inbox.sending })
        .waitFor({ state: 'detached', timeout: 20_000 });
      // Delivered once: one message, sealed (both browsers hold device keys), never edited on
      // the server (nobody saw the first text: no 'Edited' mark).
      const all = Object.values(await stored(`sendMessage/${conversationId}`));
      expect(all).toHaveLength(1);
      expect(all[0]?.message).toMatch(/^s2\./);
      expect(all[0]?.editedAt).toBeUndefined();
      expect(await message(b, 'meet at the station').getByText(strings.edited).count()).toBe(0);
      expect(await chat(b).getByText(strings.deleted).count()).toBe(0);
      expect(await chat(b).getByText('4711').count()).toBe(0);
    },
    LONG_TEST_MS,
  );
});
