/**
 * Accept means accept. A new user watches the Group List while an admin
 * invites them; the moment an 'Accept' for that group appears they click it, once. Every time,
 * that single click must make them a member (or, had it been impossible, say so).
 */
import { expect, it } from 'vitest';
import { componentsStrings } from '../../src/components/components-strings';
import { spec } from '../../src/strings/spec';
import { adminGet, adminUpdate, browserPerSuite, describeBrowser } from '../support/browser';
import { befriend, createPerson, loginPage, panel } from './app-home-steps';

const ITERATIONS = 6;

describeBrowser('accepting a group invitation the moment it appears', () => {
  const browser = browserPerSuite({ resetBackend: true });

  it('one click on Accept joins, whether the group was there before or arrives with it', async () => {
    const alice = await createPerson('Alice');
    const bob = await createPerson('Bob');
    await befriend('-Nrel-alice-bob', alice, bob);
    const b = await loginPage(browser(), bob.email);
    const groupList = panel(b, spec.panels.groupList);
    const outcomes: string[] = [];

    for (let i = 1; i <= ITERATIONS; i++) {
      const groupId = `-Ngroup-accept-${String(i)}`;
      const groupName = `Club ${String(i)}`;
      const group = {
        [`Mygroup/${groupId}`]: {
          adminId: alice.uid,
          adminName: 'Alice',
          groupName,
          groupTag: 'Tag',
        },
      };
      const invitation = {
        [`groupMembership/${groupId}/${bob.uid}`]: {
          status: 'invited',
          username: 'Bob',
          at: { '.sv': 'timestamp' },
        },
        [`userGroups/${bob.uid}/${groupId}`]: 'invited',
      };
      // Odd runs: the group is listed first, the invitation follows. Even: both at once.
      if (i % 2 === 1) {
        await adminUpdate(group);
        await groupList.getByRole('listitem', { name: groupName, exact: true }).waitFor();
        await adminUpdate(invitation);
      } else {
        await adminUpdate({ ...group, ...invitation });
      }
      const accept = groupList.getByRole('button', {
        name: `${spec.relation.accept} ${groupName}`,
        exact: true,
      });
      // The invitation appears (Decline beside Accept): click Accept at once, as a person
      // would, without waiting for the row to stop moving.
      await groupList
        .getByRole('button', {
          name: `${componentsStrings.home.decline} ${groupName}`,
          exact: true,
        })
        .waitFor();
      await accept.click({ force: true });
      let status: unknown;
      const deadline = Date.now() + 10_000;
      do {
        status = await adminGet(`userGroups/${bob.uid}/${groupId}`);
        if (status === 'member') break;
        await new Promise((r) => setTimeout(r, 100));
      } while (Date.now() < deadline);
      outcomes.push(`${groupName}: ${String(status)}`);
    }
    expect(outcomes).toEqual(
      Array.from({ length: ITERATIONS }, (_, i) => `Club ${String(i + 1)}: member`),
    );
  });
});
