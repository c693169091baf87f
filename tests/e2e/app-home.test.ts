import { expect, it } from 'vitest';
import { demoPassword } from '../../scripts/demo/users';
import { componentsStrings } from '../../src/components/components-strings';
import { directoryStrings } from '../../src/features/directory/directory-strings';
import { friendsStrings } from '../../src/features/friends/friends-strings';
import { groupsStrings } from '../../src/features/groups/groups-strings';
import { libStrings } from '../../src/lib/lib-strings';
import { spec } from '../../src/strings/spec';
import { adminGet, browserPerSuite, adminUpdate, describeBrowser, shot } from '../support/browser';
import { createPerson, loginPage, panel, row, rowButton, seedDemo, settle } from './app-home-steps';

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

    await a.getByRole('searchbox', { name: directoryStrings.searchLabel }).fill('BOB');
    await row(a, spec.panels.userList, 'Bobby').waitFor();
    expect(await panel(a, spec.panels.userList).getByRole('listitem').count()).toBe(2);
    await shot(a, 'home-1-alice-search');

    await (await rowButton(a, spec.panels.userList, 'Bob', spec.relation.add)).dblclick();
    await rowButton(a, spec.panels.userList, 'Bob', spec.relation.pending);
    await rowButton(b, spec.panels.userList, 'Alice', spec.relation.pending);
    await rowButton(b, spec.panels.friendRequest, 'Alice', spec.relation.accept);
    expect(Object.keys((await adminGet('friendRequest')) as object)).toHaveLength(1);
    await shot(b, 'home-2-bob-request');

    await (await rowButton(b, spec.panels.friendRequest, 'Alice', spec.relation.accept)).click();
    await rowButton(b, spec.panels.userList, 'Alice', spec.relation.friend);
    await rowButton(a, spec.panels.userList, 'Bob', spec.relation.friend);
    await row(a, spec.panels.friendList, 'Bob').waitFor();
    await row(b, spec.panels.friendRequest, 'Alice').waitFor({ state: 'detached' });
    await shot(a, 'home-3-alice-friends');

    await (await rowButton(a, spec.panels.friendList, 'Bob', spec.relation.block)).click();
    const confirmBlock = a.getByRole('dialog', { name: friendsStrings.a11y.blockTitle('Bob') });
    await confirmBlock.getByRole('button', { name: friendsStrings.a11y.blockConfirm }).click();
    await rowButton(a, spec.panels.userList, 'Bob', spec.relation.unblock);
    await rowButton(a, spec.panels.blockedUsers, 'Bob', spec.relation.unblock);
    await rowButton(b, spec.panels.userList, 'Alice', spec.relation.blocked);
    await row(b, spec.panels.friendList, 'Alice').waitFor({ state: 'detached' });
    await shot(a, 'home-4-alice-blocked-bob');
    await shot(b, 'home-4-bob-is-blocked');

    await (await rowButton(a, spec.panels.blockedUsers, 'Bob', spec.relation.unblock)).click();
    await rowButton(a, spec.panels.userList, 'Bob', spec.relation.friend);
    await rowButton(b, spec.panels.userList, 'Alice', spec.relation.friend);
    await row(b, spec.panels.friendList, 'Alice').waitFor();
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
    await (await rowButton(a, spec.panels.userList, 'Bob', spec.relation.add)).click();
    await (await rowButton(b, spec.panels.friendRequest, 'Alice', spec.relation.accept)).click();
    await row(a, spec.panels.friendList, 'Bob').waitFor();

    await a.getByRole('button', { name: groupsStrings.home.createGroupLabel }).click();
    const form = a.getByRole('dialog', { name: groupsStrings.home.createGroupTitle });
    await form.getByRole('button', { name: groupsStrings.home.createGroupButton }).click();
    await form.getByText(groupsStrings.home.validation.groupNameRequired).waitFor();
    await settle(a);
    await shot(a, 'home-6-create-group-errors');
    await form.getByLabel(groupsStrings.home.groupName).fill('Weekend Hikers');
    await form.getByLabel(groupsStrings.home.groupTag).fill('Up a hill every Saturday');
    await form.getByRole('button', { name: groupsStrings.home.createGroupButton }).click();
    await form.waitFor({ state: 'detached' });
    await row(a, spec.panels.myGroups, 'Weekend Hikers').waitFor();

    await (
      await rowButton(a, spec.panels.myGroups, 'Weekend Hikers', spec.panels.addMember)
    ).click();
    const invite = a.getByRole('dialog', {
      name: groupsStrings.home.addMemberTitle('Weekend Hikers'),
    });
    await invite.getByRole('button', { name: `${groupsStrings.home.invite} Bob` }).click();
    await invite.getByRole('button', { name: `${groupsStrings.home.invited} Bob` }).waitFor();
    await settle(a);
    await shot(a, 'home-7-invite-bob');
    await invite.getByRole('button', { name: componentsStrings.home.close }).click();

    await (
      await rowButton(b, spec.panels.groupList, 'Weekend Hikers', spec.relation.accept)
    ).click();
    // A member's row offers 'Leave', a requester's 'Cancel request'.
    await rowButton(b, spec.panels.groupList, 'Weekend Hikers', groupsStrings.groupChat.leave);
    await row(a, spec.panels.myGroups, 'Weekend Hikers')
      .getByText(groupsStrings.home.members(2))
      .waitFor();
    await row(b, spec.panels.groupList, 'Weekend Hikers')
      .getByText(groupsStrings.home.members(2))
      .waitFor();
    await shot(b, 'home-8-bob-member');

    await (
      await rowButton(c, spec.panels.groupList, 'Weekend Hikers', spec.relation.accept)
    ).click();
    await rowButton(
      c,
      spec.panels.groupList,
      'Weekend Hikers',
      groupsStrings.groupChat.cancelRequest,
    );
    const approve = a.getByRole('button', {
      name: `${groupsStrings.home.approve} Carol`,
      exact: true,
    });
    await approve.click();
    await rowButton(c, spec.panels.groupList, 'Weekend Hikers', groupsStrings.groupChat.leave);
    await row(a, spec.panels.myGroups, 'Weekend Hikers')
      .getByText(groupsStrings.home.members(3))
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
    await (await rowButton(a, spec.panels.userList, 'Dave', spec.relation.add)).click();
    await a.locator('.Toastify__toast', { hasText: libStrings.home.errors.sendRequest }).waitFor();
    await rowButton(a, spec.panels.userList, 'Dave', spec.relation.add);
    expect(await row(a, spec.panels.userList, 'Dave').getByRole('button').isEnabled()).toBe(true);
    await settle(a);
    await shot(a, 'home-10-refused-write-toast');
  });

  it('shows a filled dashboard from the demo data', async () => {
    await seedDemo();
    const a = await loginPage(browser(), 'alice@example.com', demoPassword);
    await rowButton(a, spec.panels.userList, 'Dave', spec.relation.add);
    await row(a, spec.panels.myGroups, 'Weekend Hikers')
      .getByText(groupsStrings.home.members(3))
      .waitFor();
    await row(a, spec.panels.groupList, 'Photography')
      .getByText(groupsStrings.home.members(3))
      .waitFor();
    for (const title of Object.values(spec.panels).slice(0, 6)) {
      expect(await panel(a, title).getByRole('listitem').count()).toBeGreaterThan(0);
    }
    await shot(a, 'home-demo-alice');
    await a.setViewportSize({ width: 1280, height: 800 });
    await shot(a, 'home-demo-alice-1280');
    const b = await loginPage(browser(), 'bob@example.com', demoPassword);
    await rowButton(b, spec.panels.friendRequest, 'Jack', spec.relation.accept);
    await shot(b, 'home-demo-bob');
  });
});
