import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  asDirect,
  asGroup,
  directMessage,
  directPath,
  directScope,
  groupMessage,
  groupPath,
  groupScope,
  react,
  world,
} from './conversations-fixtures';
import { aliceBlocksBob, alice, bob, carol, conversationId } from './friends-fixtures';
import { pairKey } from '../../src/lib/firebase/friends/pair-key';
import { dave, membership } from './groups-fixtures';
import { SERVER_TIME, rulesEnvForFile } from './rules-env';

// Each person writes only their own reactions, in a conversation they are part of.
const { dbAs, seed, write } = rulesEnvForFile('conversations-reactions');

const alices = directMessage(alice);
const deleted = { ...directMessage(alice), message: null, deleted: true };
const reaction = (path: string, emoji: string, uid: string) => `${path}/reactions/${emoji}/${uid}`;

describe('reactions in a 1:1 conversation', () => {
  beforeEach(() =>
    seed({ ...world, [directPath('-Na')]: alices, [directPath('-Ndeleted')]: deleted }),
  );

  it('lets either friend react, several emoji, and take one back', async () => {
    const m = asDirect('-Na', alices);
    await assertSucceeds(write(bob, react(directScope(bob), m, '👍')));
    await assertSucceeds(write(bob, react(directScope(bob), m, '❤️')));
    await assertSucceeds(write(alice, react(directScope(alice), m, '👍')));
    await assertSucceeds(write(bob, react(directScope(bob), m, '👨‍👩‍👧')));
    await assertSucceeds(write(bob, react(directScope(bob), m, '❤️', false)));
    const stored = (
      await dbAs(alice)
        .ref(`${directPath('-Na')}/reactions`)
        .once('value')
    ).val();
    expect(Object.keys(stored as object).sort()).toEqual(['👍', '👨‍👩‍👧'].sort());
  });

  it('refuses reacting as someone else, or removing their reaction', async () => {
    const path = directPath('-Na');
    await assertFails(write(bob, { [reaction(path, '👍', alice)]: SERVER_TIME }));
    await seed({ [reaction(path, '👍', alice)]: 5 });
    await assertFails(write(bob, { [reaction(path, '👍', alice)]: null }));
    await assertFails(write(bob, { [`${path}/reactions/👍`]: null }));
    await assertFails(write(bob, { [`${path}/reactions`]: null }));
  });

  it('refuses a stranger, a client time, a word or a long key', async () => {
    const path = directPath('-Na');
    await assertFails(write(carol, { [reaction(path, '👍', carol)]: SERVER_TIME }));
    await assertFails(write(bob, { [reaction(path, '👍', bob)]: Date.now() }));
    await assertFails(write(bob, { [reaction(path, '👍', bob)]: true }));
    for (const key of ['lol', 'a👍', '1', ' ', '😂'.repeat(17)])
      await assertFails(write(bob, { [reaction(path, key, bob)]: SERVER_TIME }));
  });

  it('refuses a deleted message, a missing one, or a new message carrying reactions', async () => {
    await assertFails(write(bob, { [reaction(directPath('-Ndeleted'), '👍', bob)]: SERVER_TIME }));
    await assertFails(write(bob, { [reaction(directPath('-Nnone'), '👍', bob)]: SERVER_TIME }));
  });

  it('refuses reacting after a block', async () => {
    await seed({
      [`friendList/${conversationId}`]: null,
      [`block/${conversationId}`]: aliceBlocksBob,
    });
    await assertFails(write(bob, { [reaction(directPath('-Na'), '👍', bob)]: SERVER_TIME }));
    await assertFails(write(alice, { [reaction(directPath('-Na'), '👍', alice)]: SERVER_TIME }));
  });
});

describe('reactions in a group', () => {
  const bobs = groupMessage(bob);
  beforeEach(() =>
    seed({
      ...world,
      [groupPath('-Nb')]: bobs,
      [groupPath('-Ndeleted')]: { senderId: bob, senderName: 'Bob', createdAt: 1, deleted: true },
    }),
  );

  it('lets the admin and members react (the author notified), each as themself', async () => {
    const m = asGroup('-Nb', bobs);
    await assertSucceeds(write(alice, react(groupScope(alice), m, '👍')));
    await assertSucceeds(write(carol, react(groupScope(carol), m, '👍')));
    await assertSucceeds(write(bob, react(groupScope(bob), m, '🙏')));
    await assertFails(write(carol, { [reaction(groupPath('-Nb'), '😮', alice)]: SERVER_TIME }));
  });

  it('refuses strangers, invited people, former members and deleted messages', async () => {
    const path = groupPath('-Nb');
    await assertFails(write(dave, { [reaction(path, '👍', dave)]: SERVER_TIME }));
    await assertFails(write('erin-uid', { [reaction(path, '👍', 'erin-uid')]: SERVER_TIME }));
    await assertFails(
      write(carol, { [reaction(groupPath('-Ndeleted'), '👍', carol)]: SERVER_TIME }),
    );
    await seed(membership(carol, null));
    await assertFails(write(carol, { [reaction(path, '👍', carol)]: SERVER_TIME }));
  });

  it("refuses reacting across a block with the message's sender, either way", async () => {
    const path = groupPath('-Nb');
    const blockBetween = (by: string, of: string) => ({
      [`pairs/${pairKey(by, of)}`]: '-Nrelbc',
      [`block/-Nrelbc`]: { blockbyid: by, blockbyName: 'X', blockid: of, blockName: 'Y' },
    });
    await seed(blockBetween(carol, bob));
    await assertFails(write(carol, { [reaction(path, '👍', carol)]: SERVER_TIME }));
    await seed(blockBetween(bob, carol));
    await assertFails(write(carol, { [reaction(path, '👍', carol)]: SERVER_TIME }));
    await assertSucceeds(write(alice, { [reaction(path, '👍', alice)]: SERVER_TIME }));
  });
});
