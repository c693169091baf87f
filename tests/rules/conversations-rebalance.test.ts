import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { beforeEach, describe, it } from 'vitest';
import { groupSendWrite } from '../../src/lib/firebase/conversations/send-write';
import { alice, befriended, bob, carol, conversationId } from './friends-fixtures';
import { membersWorld } from './groups-fixtures';
import { increment, send, storedMessage } from './inbox-fixtures';
import { SERVER_TIME, rulesEnvForFile } from './rules-env';

// Rebalancing (docs/scaling.md): while a conversation moves, its source takes no write; once
// moved, neither writes nor reads of its messages there; and only an admin (the mover) changes
// a placement, a mirror or the moves journal.
const { dbAs, seed, write } = rulesEnvForFile('rebalance');

const direct = `placement/direct/${conversationId}`;
const groupId = '-Ngroup0000000000024';
const group = `placement/group/${groupId}`;
const live = (instance: number) => ({ instance, state: 'live' });
const moving = (from: number, to: number) => ({ instance: from, state: 'moving', to });
const moved = (to: number) => ({ instance: to, state: 'moved' });

const sendToBob = (id = '-Nmsg1') => write(alice, send(alice, bob, id));
const markRead = () =>
  write(bob, { [`reads/${conversationId}/${bob}`]: { at: SERVER_TIME, messageId: '-Nold' } });
const groupPost = () =>
  write(alice, {
    ...groupSendWrite(
      { groupId, from: { uid: alice, name: 'Alice' }, to: [bob, carol] },
      '-Ngmsg1',
      'Hi all',
      { now: SERVER_TIME, plusOne: increment(1) },
    ),
  });
const readMessages = (uid: string) => dbAs(uid).ref(`sendMessage/${conversationId}`).get();
const readGroup = (uid: string) => dbAs(uid).ref(`groupMessages/${groupId}`).get();

beforeEach(() =>
  seed({
    ...befriended,
    ...membersWorld(groupId),
    [`sendMessage/${conversationId}/-Nold`]: storedMessage(alice, bob),
  }),
);

describe('the source while moving: no write, reads still whole', () => {
  it('on the directory (instance 0): refuses every party, lets them read', async () => {
    await seed({ [direct]: live(0), [group]: live(0) });
    // Control: live, the same writes are taken.
    await assertSucceeds(sendToBob('-Nlive'));
    await assertSucceeds(markRead());
    await seed({ [direct]: moving(0, 1), [group]: moving(0, 1) });
    await assertFails(sendToBob());
    await assertFails(write(bob, send(bob, alice, '-Nmsg2')));
    await assertFails(markRead());
    await assertFails(groupPost());
    await assertSucceeds(readMessages(bob));
    await assertSucceeds(readGroup(carol));
  });

  it('on instance 1: refuses every party while its mirror says moving', async () => {
    await seed({ 'config/self': 1, [direct]: live(1), [group]: live(1) });
    await assertSucceeds(sendToBob('-Nlive'));
    await assertSucceeds(markRead());
    await assertSucceeds(groupPost());
    await seed({ [direct]: moving(1, 2), [group]: moving(1, 2) });
    await assertFails(sendToBob());
    await assertFails(write(bob, send(bob, alice, '-Nmsg2')));
    await assertFails(markRead());
    await assertSucceeds(readMessages(alice));
  });

  it('on the target before the flip: refuses too (its mirror names the source)', async () => {
    await seed({ 'config/self': 1, [direct]: moving(0, 1), [group]: moving(0, 1) });
    await assertFails(sendToBob());
    await assertFails(groupPost());
  });
});

describe('the source once moved: neither writes nor reads of the messages', () => {
  it("on instance 1, its mirror 'moved' to 0: refused, so the app asks the directory again", async () => {
    await seed({ 'config/self': 1, [direct]: moved(0), [group]: moved(0) });
    await assertFails(sendToBob());
    await assertFails(groupPost());
    await assertFails(readMessages(bob));
    await assertFails(readMessages(alice));
    await assertFails(readGroup(carol));
  });

  it('on the directory, placed live on 1: refused; the target takes them', async () => {
    await seed({ [direct]: live(1), [group]: live(1) });
    await assertFails(sendToBob());
    await assertFails(readMessages(bob));
    await assertFails(readGroup(alice));
    // The same ruleset on the target (config/self 1, the mirror live): taken and readable.
    await seed({ 'config/self': 1 });
    await assertSucceeds(sendToBob());
    await assertSucceeds(readMessages(bob));
    await assertSucceeds(readGroup(alice));
  });

  it('still refuses a stranger to read, where the messages are', async () => {
    await seed({ [direct]: live(0) });
    await assertSucceeds(readMessages(bob));
    await assertFails(readMessages(carol));
  });
});

describe("the mover's writes: an admin's only", () => {
  it('refuses a party freezing, flipping or moving a placement back', async () => {
    await seed({ [direct]: live(0), [group]: live(0) });
    for (const uid of [alice, bob]) {
      await assertFails(write(uid, { [direct]: moving(0, 1) }));
      await assertFails(write(uid, { [direct]: live(1) }));
      await assertFails(write(uid, { [`${direct}/state`]: 'moved' }));
    }
    await assertFails(write(alice, { [group]: moving(0, 1) }));
    await seed({ [direct]: moving(0, 1) });
    await assertFails(write(alice, { [direct]: live(0) }));
    await assertFails(write(bob, { [`${direct}/state`]: 'live' }));
  });

  it("refuses anyone writing an instance's mirror or the moves journal", async () => {
    await seed({ 'config/self': 1, [direct]: moving(1, 2) });
    await assertFails(write(alice, { [direct]: live(1) }));
    await assertFails(write(bob, { [direct]: null }));
    await assertFails(write(carol, { [`moves/direct/${conversationId}`]: null }));
    await assertFails(
      write(alice, {
        [`moves/direct/${conversationId}`]: { from: 1, to: 2, step: 'frozen', at: 1 },
      }),
    );
    await assertFails(dbAs(alice).ref('moves').get());
  });
});
