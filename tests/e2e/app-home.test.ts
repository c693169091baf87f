import { expect, it } from 'vitest';
import { buildDemoData } from '../../scripts/demo-data';
import { demoPassword, demoUsers } from '../../scripts/demo-users';
import { strings } from '../../src/strings';
import {
  adminGet,
  browserPerSuite,
  adminUpdate,
  createTestUser,
  describeBrowser,
  shot,
} from '../support/browser';
import { createPerson, loginPage, panel, row, rowButton, settle } from './app-home-steps';

const r = strings.relation;

describeBrowser('home dashboard with two people in two browsers', () => {
  const browser = browserPerSuite({ resetBackend: true });

  it('search -> Add -> panding -> Accept -> Friend -> Block -> Unblock, live on both sides', async () => {
    const alice = await createPerson('Alice');
    const bob = await createPerson('Bob');
    await createPerson('Bobby');
    await createPerson('Carla');
    const [a, b] = await Promise.all([
      loginPage(browser(), alice.email),
      loginPage(browser(), bob.email),
    ]);

    await a.getByRole('searchbox', { name: strings.home.searchLabel }).fill('BOB');
    await row(a, strings.panels.userList, 'Bobby').waitFor();
    expect(await panel(a, strings.panels.userList).getByRole('listitem').count()).toBe(2);
    await shot(a, 'home-1-alice-search');

    await (await rowButton(a, strings.panels.userList, 'Bob', r.add)).dblclick();
    await rowButton(a, strings.panels.userList, 'Bob', r.pending);
    await rowButton(b, strings.panels.userList, 'Alice', r.pending);
    await rowButton(b, strings.panels.friendRequest, 'Alice', r.accept);
    expect(Object.keys((await adminGet('friendRequest')) as object)).toHaveLength(1);
    await shot(b, 'home-2-bob-request');

    await (await rowButton(b, strings.panels.friendRequest, 'Alice', r.accept)).click();
    await rowButton(b, strings.panels.userList, 'Alice', r.friend);
    await rowButton(a, strings.panels.userList, 'Bob', r.friend);
    await row(a, strings.panels.friendList, 'Bob').waitFor();
    await row(b, strings.panels.friendRequest, 'Alice').waitFor({ state: 'detached' });
    await shot(a, 'home-3-alice-friends');

    await (await rowButton(a, strings.panels.friendList, 'Bob', r.block)).click();
    const confirmBlock = a.getByRole('dialog', { name: strings.a11y.blockTitle('Bob') });
    await confirmBlock.getByRole('button', { name: strings.a11y.blockConfirm }).click();
    await rowButton(a, strings.panels.userList, 'Bob', r.unblock);
    await rowButton(a, strings.panels.blockedUsers, 'Bob', r.unblock);
    await rowButton(b, strings.panels.userList, 'Alice', r.blocked);
    await row(b, strings.panels.friendList, 'Alice').waitFor({ state: 'detached' });
    await shot(a, 'home-4-alice-blocked-bob');
    await shot(b, 'home-4-bob-is-blocked');

    await (await rowButton(a, strings.panels.blockedUsers, 'Bob', r.unblock)).click();
    await rowButton(a, strings.panels.userList, 'Bob', r.friend);
    await rowButton(b, strings.panels.userList, 'Alice', r.friend);
    await row(b, strings.panels.friendList, 'Alice').waitFor();
    await shot(b, 'home-5-bob-friends-again');
  });

  it('group create -> invite -> accept -> member, and ask to join -> approve', async () => {
    const alice = await createPerson('Alice');
    const bob = await createPerson('Bob');
    const carol = await createPerson('Carol');
    const [a, b, c] = await Promise.all(
      [alice, bob, carol].map((p) => loginPage(browser(), p.email)),
    );
    // Alice and Bob become friends through the UI first: only friends can be invited.
    await (await rowButton(a, strings.panels.userList, 'Bob', r.add)).click();
    await (await rowButton(b, strings.panels.friendRequest, 'Alice', r.accept)).click();
    await row(a, strings.panels.friendList, 'Bob').waitFor();

    await a.getByRole('button', { name: strings.home.createGroupLabel }).click();
    const form = a.getByRole('dialog', { name: strings.home.createGroupTitle });
    await form.getByRole('button', { name: strings.home.createGroupButton }).click();
    await form.getByText(strings.home.validation.groupNameRequired).waitFor();
    await settle(a);
    await shot(a, 'home-6-create-group-errors');
    await form.getByLabel(strings.home.groupName).fill('Weekend Hikers');
    await form.getByLabel(strings.home.groupTag).fill('Up a hill every Saturday');
    await form.getByRole('button', { name: strings.home.createGroupButton }).click();
    await form.waitFor({ state: 'detached' });
    await row(a, strings.panels.myGroups, 'Weekend Hikers').waitFor();

    await (
      await rowButton(a, strings.panels.myGroups, 'Weekend Hikers', strings.panels.addMember)
    ).click();
    const invite = a.getByRole('dialog', { name: strings.home.addMemberTitle('Weekend Hikers') });
    await invite.getByRole('button', { name: `${strings.home.invite} Bob` }).click();
    await invite.getByRole('button', { name: `${strings.home.invited} Bob` }).waitFor();
    await settle(a);
    await shot(a, 'home-7-invite-bob');
    await invite.getByRole('button', { name: strings.home.close }).click();

    await (await rowButton(b, strings.panels.groupList, 'Weekend Hikers', r.accept)).click();
    // Issue 10: a member's row offers 'Leave', a requester's 'Cancel request'.
    await rowButton(b, strings.panels.groupList, 'Weekend Hikers', strings.groupChat.leave);
    await row(a, strings.panels.myGroups, 'Weekend Hikers')
      .getByText(strings.home.members(2))
      .waitFor();
    await row(b, strings.panels.groupList, 'Weekend Hikers')
      .getByText(strings.home.members(2))
      .waitFor();
    await shot(b, 'home-8-bob-member');

    await (await rowButton(c, strings.panels.groupList, 'Weekend Hikers', r.accept)).click();
    await rowButton(c, strings.panels.groupList, 'Weekend Hikers', strings.groupChat.cancelRequest);
    const approve = a.getByRole('button', { name: `${strings.home.approve} Carol`, exact: true });
    await approve.click();
    await rowButton(c, strings.panels.groupList, 'Weekend Hikers', strings.groupChat.leave);
    await row(a, strings.panels.myGroups, 'Weekend Hikers')
      .getByText(strings.home.members(3))
      .waitFor();
    await shot(a, 'home-9-alice-group-of-three');
  });

  it('explains a refused write in a toast and leaves the button ready to retry', async () => {
    const alice = await createPerson('Alice');
    const dave = await createPerson('Dave');
    // A pair claimed by data the client cannot see: its Add is refused by the rules.
    const pair = alice.uid < dave.uid ? `${alice.uid}_${dave.uid}` : `${dave.uid}_${alice.uid}`;
    await adminUpdate({ [`pairs/${pair}`]: '-Nstale' });
    const a = await loginPage(browser(), alice.email);
    await (await rowButton(a, strings.panels.userList, 'Dave', r.add)).click();
    await a.locator('.Toastify__toast', { hasText: strings.home.errors.sendRequest }).waitFor();
    await rowButton(a, strings.panels.userList, 'Dave', r.add);
    expect(await row(a, strings.panels.userList, 'Dave').getByRole('button').isEnabled()).toBe(
      true,
    );
    await settle(a);
    await shot(a, 'home-10-refused-write-toast');
  });

  it('shows a filled dashboard from the demo data', async () => {
    const created = [];
    for (const user of demoUsers) {
      const account = await createTestUser({
        email: user.email,
        password: demoPassword,
        displayName: user.username,
      });
      created.push({ uid: account.uid, username: user.username, email: user.email });
    }
    await adminUpdate(buildDemoData(created, Date.now()));
    const a = await loginPage(browser(), 'alice@example.com', demoPassword);
    await rowButton(a, strings.panels.userList, 'Dave', r.add);
    await row(a, strings.panels.myGroups, 'Weekend Hikers')
      .getByText(strings.home.members(3))
      .waitFor();
    await row(a, strings.panels.groupList, 'Photography')
      .getByText(strings.home.members(3))
      .waitFor();
    for (const title of Object.values(strings.panels).slice(0, 6)) {
      expect(await panel(a, title).getByRole('listitem').count()).toBeGreaterThan(0);
    }
    await shot(a, 'home-demo-alice');
    await a.setViewportSize({ width: 1280, height: 800 });
    await shot(a, 'home-demo-alice-1280');
    const b = await loginPage(browser(), 'bob@example.com', demoPassword);
    await rowButton(b, strings.panels.friendRequest, 'Jack', r.accept);
    await shot(b, 'home-demo-bob');
  });
});
