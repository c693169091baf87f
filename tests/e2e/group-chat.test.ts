import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { strings } from '../../src/strings';
import { adminUpdate, browserPerSuite, describeBrowser, shot } from '../support/browser';
import { createPerson, loginPage, row } from './home-steps';

// Issue 10 items 1, 2 and 6: a group conversation in three browsers.
const g = strings.groupChat;
const groupId = '-Ne2eGroupHikers0001';
const chat = (page: Page) => page.getByRole('region', { name: strings.chat.label });
const conversation = (page: Page) =>
  chat(page).getByRole('list', { name: g.conversationIn('Hikers') });

async function openMessages(page: Page): Promise<void> {
  await page.getByRole('link', { name: strings.layout.messages }).click();
  await page.waitForURL('**/pages/messages');
}

async function openGroup(page: Page): Promise<void> {
  await row(page, strings.panels.groupList, 'Hikers')
    .getByRole('button', { name: /^Hikers/ })
    .click();
  await chat(page).getByRole('heading', { name: 'Hikers' }).waitFor();
}

async function send(page: Page, text: string): Promise<void> {
  await chat(page).getByRole('textbox', { name: strings.chat.inputLabel }).fill(text);
  await chat(page).getByRole('textbox', { name: strings.chat.inputLabel }).press('Enter');
}

describeBrowser('group chat in three browsers', () => {
  const browser = browserPerSuite({ resetBackend: true });

  it('admin and member talk both ways, an outsider sees nothing, leaving cuts access', async () => {
    const alice = await createPerson('Alice');
    const bob = await createPerson('Bob');
    const carol = await createPerson('Carol');
    // Alice runs Hikers and Bob is a member (as invite + accept leave it); Carol is outside.
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
    const [a, b, c] = await Promise.all([
      loginPage(browser(), alice.email),
      loginPage(browser(), bob.email),
      loginPage(browser(), carol.email),
    ]);
    await Promise.all([openMessages(a), openMessages(b), openMessages(c)]);
    await Promise.all([openGroup(a), openGroup(b)]);
    await chat(a).getByText(g.members(2)).waitFor();

    await send(b, 'Hi Alice, ready for Saturday?');
    await conversation(a).getByText('Hi Alice, ready for Saturday?').waitFor();
    await conversation(a).getByText('Bob', { exact: true }).waitFor();
    await send(a, 'Yes! 8 am at the car park.');
    await conversation(b).getByText('Yes! 8 am at the car park.').waitFor();
    await conversation(b).getByText('Alice', { exact: true }).waitFor();
    await shot(b, 'group-chat-1-bob');

    // Carol sees the group, can only ask to join, and has no conversation to open.
    const carolsRow = row(c, strings.panels.groupList, 'Hikers');
    await carolsRow.getByRole('button', { name: `${strings.relation.accept} Hikers` }).waitFor();
    expect(await carolsRow.getByRole('button', { name: /^Hikers/ }).count()).toBe(0);
    expect(await c.getByText('Hi Alice, ready for Saturday?').count()).toBe(0);

    // Bob leaves (after confirming): his conversation closes, later messages never reach him.
    await row(b, strings.panels.groupList, 'Hikers')
      .getByRole('button', { name: `${g.leave} Hikers` })
      .click();
    await b
      .getByRole('dialog', { name: g.leaveTitle('Hikers') })
      .getByRole('button', { name: g.leaveConfirm })
      .click();
    await chat(b).getByText(g.noAccess('Hikers')).waitFor();
    expect(await chat(b).getByText('Yes! 8 am at the car park.').count()).toBe(0);
    await chat(a).getByText(g.members(1)).waitFor();
    await send(a, 'Bob left, so this is for nobody else.');
    await conversation(a).getByText('Bob left, so this is for nobody else.').waitFor();
    await row(b, strings.panels.groupList, 'Hikers')
      .getByRole('button', { name: `${strings.relation.accept} Hikers` })
      .waitFor();
    expect(await b.getByText('Bob left, so this is for nobody else.').count()).toBe(0);
    await shot(b, 'group-chat-2-bob-left');
  });
});
