import { expect, it } from 'vitest';
import { conversationsStrings } from '../../src/features/conversations/conversations-strings';
import { notificationsStrings } from '../../src/features/notifications/notifications-strings';
import { settingsStrings } from '../../src/features/settings/settings-strings';
import { shellStrings } from '../../src/app/shell/shell-strings';
import { spec } from '../../src/strings/spec';
import { pairKey } from '../../src/lib/firebase/friends/pair-key';
import {
  adminUpdate,
  appUrl,
  browserPerSuite,
  describeBrowser,
  newPage,
  shot,
} from '../support/browser';
import {
  createPerson,
  dismissToasts,
  fillLoginForm,
  loginPage,
  password,
  row,
  rowButton,
} from './app-home-steps';

describeBrowser('notifications and settings in two browsers', () => {
  const browser = browserPerSuite({ resetBackend: true });

  it('a request gives the receiver a toast and a count; reading the entry clears it', async () => {
    const alice = await createPerson('Alice');
    const bob = await createPerson('Bob');
    const [a, b] = await Promise.all([
      loginPage(browser(), alice.email),
      loginPage(browser(), bob.email),
    ]);
    await b.getByRole('link', { name: shellStrings.layout.messages }).click();
    await b.waitForURL('**/pages/messages');

    await (await rowButton(a, spec.panels.userList, 'Bob', spec.relation.add)).click();
    await b
      .locator('.Toastify__toast', {
        hasText: notificationsStrings.text.friendRequest('Alice'),
      })
      .waitFor();
    const bell = b.getByRole('link', { name: new RegExp(shellStrings.layout.notification) });
    await bell.getByTestId('notification-count').filter({ hasText: '1' }).waitFor();
    await shot(b, 'notifications-1-bob-count');

    await bell.click();
    await b.getByRole('heading', { name: spec.placeholders.notification }).waitFor();
    const entry = b.getByRole('link', {
      name: new RegExp(notificationsStrings.text.friendRequest('Alice')),
    });
    await entry.waitFor();
    expect(await entry.getAttribute('data-unread')).toBe('true');
    await shot(b, 'notifications-2-bob-feed');
    await entry.click();
    await b.waitForURL('**/pages/home');
    await bell.getByTestId('notification-count').waitFor({ state: 'detached' });
    await rowButton(b, spec.panels.friendRequest, 'Alice', spec.relation.accept);
  });

  it('a password change needs the current one; afterwards the new one signs in', async () => {
    const carol = await createPerson('Carol');
    const page = await loginPage(browser(), carol.email);
    await page.getByRole('link', { name: shellStrings.layout.settings }).click();
    await page.getByRole('heading', { name: spec.placeholders.settings }).waitFor();

    await page
      .getByLabel(settingsStrings.settings.currentPassword, { exact: true })
      .fill('Wrong1234');
    await page.getByLabel(settingsStrings.settings.newPassword, { exact: true }).fill('short');
    await page.getByRole('button', { name: settingsStrings.settings.changePassword }).click();
    await page.getByText(spec.validation.passwordMin).waitFor();

    await page.getByLabel(settingsStrings.settings.newPassword, { exact: true }).fill('Newpass123');
    await page.getByRole('button', { name: settingsStrings.settings.changePassword }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: settingsStrings.settings.wrongPassword })
      .waitFor();

    await page.getByLabel(settingsStrings.settings.currentPassword, { exact: true }).fill(password);
    await page.getByRole('button', { name: settingsStrings.settings.changePassword }).click();
    await page
      .locator('.Toastify__toast', { hasText: settingsStrings.settings.passwordChanged })
      .waitFor();
    await shot(page, 'settings-1-password-changed');

    const fresh = await newPage(browser());
    await fresh.goto(appUrl('/login'));
    await fillLoginForm(fresh, carol.email, 'Newpass123');
    await fresh.getByRole('button', { name: spec.auth.loginToContinue }).click();
    await fresh.waitForURL('**/pages/home', { timeout: 30_000 });
    await dismissToasts(fresh);
  });

  it('privacy: switching presence off saves with a message and survives a reload', async () => {
    const dan = await createPerson('Dan');
    const page = await loginPage(browser(), dan.email);
    await page.goto(appUrl('/pages/settings'));
    const presence = page.getByRole('switch', { name: settingsStrings.settings.showPresence });
    expect(await presence.isChecked()).toBe(true);
    await presence.click();
    await page.locator('.Toastify__toast', { hasText: settingsStrings.settings.saved }).waitFor();
    await page.reload();
    await page.getByRole('switch', { name: settingsStrings.settings.showPresence }).waitFor();
    expect(
      await page.getByRole('switch', { name: settingsStrings.settings.showPresence }).isChecked(),
    ).toBe(false);
  });

  it('privacy off: the friend’s chat header shows no Online once presence is hidden', async () => {
    const erin = await createPerson('Erin');
    const finn = await createPerson('Finn');
    const conversationId = '-Ne2eErinAndFinn0001';
    await adminUpdate({
      [`friendList/${conversationId}`]: {
        senderId: erin.uid,
        senderName: 'Erin',
        receiverId: finn.uid,
        receiverName: 'Finn',
        photo: '',
      },
      [`pairs/${pairKey(erin.uid, finn.uid)}`]: conversationId,
    });
    const [e, f] = await Promise.all([
      loginPage(browser(), erin.email),
      loginPage(browser(), finn.email),
    ]);
    const chat = f.getByRole('region', { name: conversationsStrings.chat.label });
    const openChatWithErin = async () => {
      await f.getByRole('link', { name: shellStrings.layout.messages }).click();
      await f.waitForURL('**/pages/messages');
      await row(f, spec.panels.friendList, 'Erin')
        .getByRole('button', { name: 'Erin', exact: true })
        .click();
      await chat.getByRole('heading', { name: 'Erin' }).waitFor();
    };
    await openChatWithErin();
    await chat.getByText(spec.chat.online, { exact: true }).waitFor();

    await e.getByRole('link', { name: shellStrings.layout.settings }).click();
    await e.getByRole('switch', { name: settingsStrings.settings.showPresence }).click();
    await e.locator('.Toastify__toast', { hasText: settingsStrings.settings.saved }).waitFor();

    await f.goto(appUrl('/pages/home'));
    await openChatWithErin();
    await chat.getByText(conversationsStrings.chat.sayHello('Erin')).waitFor();
    expect(await chat.getByText(spec.chat.online, { exact: true }).count()).toBe(0);
    expect(await chat.getByText(/Last seen/).count()).toBe(0);
    await shot(f, 'settings-2-presence-hidden');
  });
});
