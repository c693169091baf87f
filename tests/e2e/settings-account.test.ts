import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { componentsStrings } from '../../src/components/components-strings';
import { conversationsStrings } from '../../src/features/conversations/conversations-strings';
import { notificationsStrings } from '../../src/features/notifications/notifications-strings';
import { profilesStrings } from '../../src/features/profiles/profiles-strings';
import { settingsStrings } from '../../src/features/settings/settings-strings';
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
  password,
  row,
} from './app-home-steps';

/** Opens Messages and the conversation with `name`; returns the chat region. */
async function openChat(page: Page, name: string) {
  await page.getByRole('link', { name: shellStrings.layout.messages }).click();
  await page.waitForURL('**/pages/messages');
  await row(page, spec.panels.friendList, name).getByRole('button', { name, exact: true }).click();
  const chat = page.getByRole('region', { name: conversationsStrings.chat.label });
  await chat.getByRole('heading', { name }).waitFor();
  return chat;
}

/** A message `from` sent `to`, as the app's send leaves it (with the receiver's inbox entry). */
async function seedMessage(
  conversationId: string,
  from: { uid: string; username: string },
  to: { uid: string; username: string },
  text: string,
) {
  await adminUpdate({
    [`sendMessage/${conversationId}/-Ne2eMsg0000000001`]: {
      message: text,
      messagesenderId: from.uid,
      massagesenderName: from.username,
      messagereceiverId: to.uid,
      messagereceiverName: to.username,
      createdAt: Date.now() - 60_000,
    },
  });
}

describeBrowser('a new-messages notification', () => {
  const browser = browserPerSuite({ resetBackend: true });

  it('opens that conversation on Messages', async () => {
    const erin = await createPerson('Erin');
    const finn = await createPerson('Finn');
    const gus = await createPerson('Gus');
    const conversationId = '-Ne2eNoticeErinFinn1';
    await befriend(conversationId, erin, finn);
    await befriend('-Ne2eNoticeGusFinn01', gus, finn);
    await seedMessage(conversationId, erin, finn, 'Are you there?');
    await adminUpdate({
      [`inbox/${finn.uid}/${conversationId}`]: {
        unread: 1,
        lastMessageId: '-Ne2eMsg0000000001',
        lastSenderId: erin.uid,
        lastText: 'Are you there?',
        lastKind: 'text',
        lastAt: Date.now() - 60_000,
      },
    });
    const f = await loginPage(browser(), finn.email);
    await f.getByRole('link', { name: new RegExp(shellStrings.layout.notification) }).click();
    const entry = f.getByRole('list', { name: spec.placeholders.notification }).getByRole('link', {
      name: new RegExp(notificationsStrings.text.message('Erin', 1)),
    });
    await entry.click();
    await f.waitForURL('**/pages/messages?view=chat**');
    const chat = f.getByRole('region', { name: conversationsStrings.chat.label });
    await chat.getByRole('heading', { name: 'Erin' }).waitFor();
    await chat.getByText('Are you there?').waitFor();
  });
});

describeBrowser('account changes seen by a friend in another browser', () => {
  const browser = browserPerSuite({ resetBackend: true });

  it("a new name reaches the friend's chat header and lists live", async () => {
    const alice = await createPerson('Alice');
    const bob = await createPerson('Bob');
    await befriend('-Ne2eRenameAliceBob1', alice, bob);
    const [a, b] = await Promise.all([
      loginPage(browser(), alice.email),
      loginPage(browser(), bob.email),
    ]);
    const chat = await openChat(b, 'Alice');

    await a.getByRole('link', { name: shellStrings.layout.settings }).click();
    const nameField = a.getByLabel(settingsStrings.settings.displayName, { exact: true });
    await nameField.fill('Alicia');
    await a.getByRole('button', { name: settingsStrings.settings.saveName }).click();
    await a.locator('.Toastify__toast', { hasText: settingsStrings.settings.nameSaved }).waitFor();
    // My own sidebar names me from the same live record.
    await a.getByAltText(`${shellStrings.layout.profilePicture} Alicia`).waitFor();

    // Bob's screen follows without a reload: the chat header and his conversation list.
    await chat.getByRole('heading', { name: 'Alicia' }).waitFor();
    await row(b, spec.panels.friendList, 'Alicia').waitFor();
    expect(await row(b, spec.panels.friendList, 'Alice').count()).toBe(0);
    await shot(b, 'settings-account-1-renamed-friend');
    // The copy in the friendship is untouched: the name is read live.
    expect(await adminGet(`friendList/-Ne2eRenameAliceBob1/senderName`)).toBe('Alice');

    await b.getByRole('link', { name: shellStrings.layout.home }).click();
    await row(b, spec.panels.friendList, 'Alicia').waitFor();
  });

  it('delete account: password, confirmation; the friend sees a deleted account and keeps the chat; no login after', async () => {
    const carol = await createPerson('Carol');
    const dan = await createPerson('Dan');
    const conversationId = '-Ne2eDeleteCarolDan1';
    await befriend(conversationId, carol, dan);
    await seedMessage(conversationId, carol, dan, 'Goodbye Dan');
    const [c, d] = await Promise.all([
      loginPage(browser(), carol.email),
      loginPage(browser(), dan.email),
    ]);
    const chat = await openChat(d, 'Carol');
    await chat.getByText('Goodbye Dan').waitFor();
    await chat.getByRole('textbox', { name: conversationsStrings.chat.inputLabel }).waitFor();

    await c.getByRole('link', { name: shellStrings.layout.settings }).click();
    const deletePassword = c.getByLabel(settingsStrings.settings.deletePassword, { exact: true });
    await c.getByRole('button', { name: settingsStrings.settings.deleteAccount }).click();
    await c.getByText(settingsStrings.settings.currentPasswordRequired).waitFor();
    await deletePassword.fill('Wrong1234');
    await c.getByRole('button', { name: settingsStrings.settings.deleteAccount }).click();
    await c
      .getByRole('dialog', { name: settingsStrings.settings.deleteConfirmTitle })
      .getByRole('button', { name: settingsStrings.settings.deleteConfirm })
      .click();
    await c.getByText(settingsStrings.settings.wrongPassword).waitFor();
    expect(await adminGet(`users/${carol.uid}/username`)).toBe('Carol');

    await deletePassword.fill(password);
    await c.getByRole('button', { name: settingsStrings.settings.deleteAccount }).click();
    const dialog = c.getByRole('dialog', { name: settingsStrings.settings.deleteConfirmTitle });
    await dialog.getByRole('button', { name: settingsStrings.settings.cancel }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await adminGet(`users/${carol.uid}/username`)).toBe('Carol');
    await c.getByRole('button', { name: settingsStrings.settings.deleteAccount }).click();
    await dialog.getByRole('button', { name: settingsStrings.settings.deleteConfirm }).click();
    await c.waitForURL('**/login', { timeout: 30_000 });
    expect(await adminGet(`users/${carol.uid}`)).toBeNull();

    // Dan, without reloading: the name, no presence, no message field, the conversation kept.
    const deleted = profilesStrings.people.deletedAccount;
    await chat.getByRole('heading', { name: deleted }).waitFor();
    await chat.getByText(componentsStrings.people.cannotReceive).waitFor();
    expect(
      await chat.getByRole('textbox', { name: conversationsStrings.chat.inputLabel }).count(),
    ).toBe(0);
    expect(await chat.getByText(spec.chat.online, { exact: true }).count()).toBe(0);
    expect(await chat.getByText(/Last seen/).count()).toBe(0);
    await chat.getByText('Goodbye Dan').waitFor();
    await row(d, spec.panels.friendList, deleted).waitFor();
    await shot(d, 'settings-account-2-deleted-friend');

    // And after a reload too.
    await d.reload();
    const again = await openChat(d, deleted);
    await again.getByText('Goodbye Dan').waitFor();

    const login = await newPage(browser());
    await login.goto(appUrl('/login'));
    await fillLoginForm(login, carol.email, password);
    await login.getByRole('button', { name: spec.auth.loginToContinue }).click();
    await login.locator('.Toastify__toast', { hasText: spec.toast.invalidCredential }).waitFor();
    expect(new URL(login.url()).pathname).toBe('/login');
    await dismissToasts(login);
  });
});
