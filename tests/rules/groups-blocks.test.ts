import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { pairKey } from '../../src/lib/firebase/friends/pair-key';
import { dave, groupId, groupWorld, membership, names, noteFor, stored } from './groups-fixtures';
import { alice, carol } from './friends-fixtures';
import { rulesEnvForFile } from './rules-env';

// Blocks stop every way into a group; one action, one notification per recipient.
const { dbAs, seed, write } = rulesEnvForFile('group-blocks');

const relAD = '-Nrel0000000000000ad';
/** `by` blocked `whom` (the block record replacing their friendship, and the pair claim). */
const blocks = (by: string, whom: string) => ({
  [`block/${relAD}`]: {
    blockbyid: by,
    blockbyName: names[by],
    blockid: whom,
    blockName: names[whom],
  },
  [`pairs/${pairKey(by, whom)}`]: relAD,
});
const askToJoin = () => ({
  ...membership(dave, 'requested'),
  ...noteFor(alice, 'joinRequest', dave, groupId, 'Hikers'),
});

describe('asking to join across a block', () => {
  beforeEach(() => seed(groupWorld));

  it('is accepted with no block between the asker and the admin', async () => {
    await assertSucceeds(write(dave, askToJoin()));
  });

  it('is refused when the admin blocked the asker, or the asker blocked the admin', async () => {
    await seed(blocks(alice, dave));
    await assertFails(write(dave, askToJoin()));
    await assertFails(write(dave, membership(dave, 'requested')));
    await seed(blocks(dave, alice));
    await assertFails(write(dave, membership(dave, 'requested')));
  });
});

describe('being approved into a group across a block', () => {
  it('the admin cannot approve a request made before the block, either way', async () => {
    await seed({ ...groupWorld, ...stored(dave, 'requested') });
    await assertSucceeds(write(alice, membership(dave, 'member')));
    await seed({ ...stored(dave, 'requested'), ...blocks(alice, dave) });
    await assertFails(write(alice, membership(dave, 'member')));
    await seed(blocks(dave, alice));
    await assertFails(write(alice, membership(dave, 'member')));
    // Declining it stays possible.
    await assertSucceeds(write(alice, membership(dave, null)));
  });

  it('an invitee cannot accept an invitation once a block stands between them', async () => {
    await seed({ ...groupWorld, ...stored(dave, 'invited') });
    await seed(blocks(dave, alice));
    await assertFails(write(dave, membership(dave, 'member')));
    await seed(blocks(alice, dave));
    await assertFails(write(dave, membership(dave, 'member')));
    await seed({ [`block/${relAD}`]: null });
    await assertSucceeds(write(dave, membership(dave, 'member')));
  });
});

describe('one action writes at most one notification per recipient', () => {
  beforeEach(() => seed(groupWorld));
  const joinNote = noteFor(alice, 'joinRequest', dave, groupId, 'Hikers');
  const [[, value]] = Object.entries(joinNote);

  it('refuses a join request carrying more entries, or one at an id of its own choosing', async () => {
    const twenty = Object.fromEntries(
      Array.from({ length: 20 }, (_, i) => [`notifications/${alice}/-Nspam${i}`, value]),
    );
    await assertFails(write(dave, { ...membership(dave, 'requested'), ...twenty }));
    await assertFails(
      write(dave, {
        ...membership(dave, 'requested'),
        [`notifications/${alice}/-Nspam0`]: value,
      }),
    );
    await assertFails(write(dave, { ...askToJoin(), [`notifications/${alice}/-Nspam1`]: value }));
    await assertSucceeds(write(dave, askToJoin()));
  });

  it('asking again after a decline replaces the older entry, unread again', async () => {
    await assertSucceeds(write(dave, askToJoin()));
    const [path] = Object.keys(joinNote);
    await assertSucceeds(dbAs(alice).ref(`${path}/read`).set(true));
    await assertSucceeds(write(alice, membership(dave, null)));
    await assertSucceeds(write(dave, askToJoin()));
    const feed = await dbAs(alice).ref(`notifications/${alice}`).get();
    expect(Object.keys(feed.val() as object)).toEqual([path.split('/')[2]]);
    expect((await dbAs(alice).ref(`${path}/read`).get()).val()).toBe(false);
  });

  it('an actor cannot overwrite an entry of another action or another actor', async () => {
    await assertSucceeds(write(dave, askToJoin()));
    const [path] = Object.keys(joinNote);
    // Carol (already a member) cannot reuse Dave's entry, even claiming to be him.
    await assertFails(write(carol, { [path]: { ...(value as object), actorId: carol } }));
    await assertFails(write(carol, { [path]: value }));
  });
});

describe('a closed group’s notifications', () => {
  it('can still be marked read by their recipient', async () => {
    await seed({ ...groupWorld, ...stored(dave, 'requested') });
    await assertSucceeds(
      write(alice, {
        ...membership(dave, null),
        ...noteFor(dave, 'groupRemoved', alice, groupId, 'Hikers'),
      }),
    );
    await seed({ [`Mygroup/${groupId}`]: null });
    const [path] = Object.keys(noteFor(dave, 'groupRemoved', alice, groupId));
    await assertSucceeds(dbAs(dave).ref(`${path}/read`).set(true));
    await assertFails(dbAs(dave).ref(`${path}/read`).set(false));
  });
});
