import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  MINUTE,
  asDirect,
  asGroup,
  directMessage,
  directPath,
  directScope,
  groupMessage,
  groupPath,
  groupScope,
  photoBytes,
  photoFields,
  remove,
  world,
} from './conversations-fixtures';
import { alice, bob, carol, conversationId } from './friends-fixtures';
import { groupId } from './groups-fixtures';
import { SERVER_TIME, rulesEnvForFile } from './rules-env';
import rules from '../../database.rules.json';

// The sender deletes their message for everyone within 24 hours; only the envelope stays.
const { dbAs, seed, write } = rulesEnvForFile('conversations-delete');

const DAY = 24 * 60 * MINUTE;
const fresh = directMessage(alice, 1000, { reactions: { '👍': { [bob]: 5 } }, editedAt: 7 });
const photo = directMessage(alice, 1000, { ...photoFields, imageId: '-Nphoto' });
const lastHour = directMessage(alice, DAY - 10 * MINUTE);
const envelope = (m: Record<string, unknown>) => ({
  messagesenderId: m.messagesenderId,
  massagesenderName: m.massagesenderName,
  messagereceiverId: m.messagereceiverId,
  messagereceiverName: m.messagereceiverName,
  createdAt: m.createdAt,
  deleted: true,
});

describe('deleting a 1:1 message for everyone', () => {
  beforeEach(() =>
    seed({
      ...world,
      [directPath('-Nfresh')]: fresh,
      [directPath('-Nday')]: lastHour,
      [directPath('-Nold')]: directMessage(alice, DAY + MINUTE),
      [directPath('-Nbobs')]: directMessage(bob),
      [directPath('-Nphoto')]: photo,
      [`chatImages/${conversationId}/-Nphoto`]: photoBytes,
    }),
  );

  it('leaves only the envelope and `deleted`, text and reactions gone', async () => {
    await assertSucceeds(write(alice, remove(directScope(alice), asDirect('-Nfresh', fresh))));
    const stored: unknown = (await dbAs(bob).ref(directPath('-Nfresh')).once('value')).val();
    expect(stored).toEqual({ ...envelope(fresh), deletedAt: expect.any(Number) as number });
    const day = asDirect('-Nday', lastHour);
    await assertSucceeds(write(alice, remove(directScope(alice), day)));
  });

  it("removes a photo's bytes in the same update, and only then", async () => {
    await assertSucceeds(write(alice, remove(directScope(alice), asDirect('-Nphoto', photo))));
    const bytes = await dbAs(alice).ref(`chatImages/${conversationId}/-Nphoto/thumb`).once('value');
    expect(bytes.exists()).toBe(false);
  });

  it('refuses removing photo bytes without deleting their message, or by the receiver', async () => {
    await assertFails(write(alice, { [`chatImages/${conversationId}/-Nphoto`]: null }));
    await assertFails(write(bob, { [`chatImages/${conversationId}/-Nphoto`]: null }));
    await assertFails(
      write(bob, {
        ...remove(directScope(bob), asDirect('-Nbobs', directMessage(bob))),
        [`chatImages/${conversationId}/-Nphoto`]: null,
      }),
    );
  });

  it("refuses deleting someone else's message, or after 24 hours", async () => {
    await assertFails(write(bob, remove(directScope(bob), asDirect('-Nfresh', fresh))));
    await assertFails(write(carol, remove(directScope(carol), asDirect('-Nfresh', fresh))));
    await assertFails(
      write(alice, remove(directScope(alice), asDirect('-Nbobs', directMessage(bob)))),
    );
    const old = asDirect('-Nold', directMessage(alice, DAY + MINUTE));
    await assertFails(write(alice, remove(directScope(alice), old)));
  });

  it('refuses a delete that keeps text or changes the envelope, or removes the node', async () => {
    const path = directPath('-Nfresh');
    await assertFails(write(alice, { [path]: { ...envelope(fresh), message: 'kept' } }));
    await assertFails(write(alice, { [`${path}/deleted`]: true }));
    await assertFails(write(alice, { [path]: { ...envelope(fresh), massagesenderName: 'Eve' } }));
    await assertFails(write(alice, { [path]: { ...envelope(fresh), createdAt: SERVER_TIME } }));
    await assertFails(write(alice, { [path]: { ...envelope(fresh), deleted: false } }));
    await assertFails(write(alice, { [path]: null }));
  });

  it('refuses writing a deleted message again: no undelete, edit, reaction or second delete', async () => {
    await assertSucceeds(write(alice, remove(directScope(alice), asDirect('-Nfresh', fresh))));
    const path = directPath('-Nfresh');
    await assertFails(
      write(alice, { [path]: { ...directMessage(alice), createdAt: fresh.createdAt } }),
    );
    await assertFails(write(alice, { [path]: envelope(fresh) }));
    await assertFails(write(alice, { [`${path}/deleted`]: null }));
    await assertFails(
      write(alice, { [`${path}/message`]: 'back', [`${path}/editedAt`]: SERVER_TIME }),
    );
    await assertFails(write(bob, { [`${path}/reactions/👍/${bob}`]: SERVER_TIME }));
  });

  it('stamps `deletedAt` with the server time, only with the delete itself', async () => {
    const path = directPath('-Nfresh');
    const deleting = remove(directScope(alice), asDirect('-Nfresh', fresh));
    await assertFails(write(alice, { ...deleting, [`${path}/deletedAt`]: 5 }));
    await assertFails(write(bob, { ...deleting, [`${path}/deletedAt`]: SERVER_TIME }));
    // Not on a message still there, by its sender or anyone.
    await assertFails(write(alice, { [`${path}/deletedAt`]: SERVER_TIME }));
    await assertFails(write(alice, { [path]: { ...fresh, deletedAt: SERVER_TIME } }));
    await assertFails(
      write(alice, { [directPath('-Nnew')]: directMessage(alice, 0, { deletedAt: SERVER_TIME }) }),
    );
    // Nor moved later.
    await assertSucceeds(write(alice, deleting));
    await assertFails(write(alice, { [`${path}/deletedAt`]: SERVER_TIME }));
    await assertFails(write(alice, { [`${path}/deletedAt`]: null }));
  });

  it('lets the friends, not a stranger, query what changed since a time, by index', async () => {
    const before = Date.now() - 1000;
    await assertSucceeds(write(alice, remove(directScope(alice), asDirect('-Nfresh', fresh))));
    const since = (uid: string, field: string) =>
      dbAs(uid)
        .ref(`sendMessage/${conversationId}`)
        .orderByChild(field)
        .startAt(before)
        .once('value');
    const deleted = await assertSucceeds(since(bob, 'deletedAt'));
    expect(Object.keys(deleted.val() as object)).toEqual(['-Nfresh']);
    await assertSucceeds(since(alice, 'editedAt'));
    await assertFails(since(carol, 'deletedAt'));
    const indexed = (
      rules as { rules: { sendMessage: { $conversationId: { '.indexOn': string[] } } } }
    ).rules.sendMessage.$conversationId['.indexOn'];
    expect(indexed).toEqual(expect.arrayContaining(['createdAt', 'editedAt', 'deletedAt']));
  });

  it('refuses sending a message that says it is deleted', async () => {
    const sent = directMessage(alice, 0, { createdAt: SERVER_TIME, deleted: true });
    await assertFails(write(alice, { [directPath('-Nnew')]: sent }));
  });
});

describe('deleting a group message for everyone', () => {
  const bobs = groupMessage(bob, 1000, { mentions: { [carol]: true } });
  const groupPhoto = groupMessage(bob, 1000, { ...photoFields, imageId: '-Nphoto' });
  beforeEach(() =>
    seed({
      ...world,
      [groupPath('-Nbob')]: bobs,
      [groupPath('-Nold')]: groupMessage(bob, DAY + MINUTE),
      [groupPath('-Nphoto')]: groupPhoto,
      [`groupImages/${groupId}/-Nphoto`]: photoBytes,
    }),
  );

  it('lets the sender delete (photo bytes too); not the admin, a member or after 24 h', async () => {
    await assertFails(write(alice, remove(groupScope(alice), asGroup('-Nbob', bobs))));
    await assertFails(write(carol, remove(groupScope(carol), asGroup('-Nbob', bobs))));
    await assertFails(write(bob, remove(groupScope(bob), asGroup('-Nold', groupMessage(bob)))));
    await assertSucceeds(write(bob, remove(groupScope(bob), asGroup('-Nbob', bobs))));
    const stored: unknown = (await dbAs(carol).ref(groupPath('-Nbob')).once('value')).val();
    expect(stored).toEqual({
      senderId: bob,
      senderName: 'Bob',
      createdAt: bobs.createdAt,
      deleted: true,
      deletedAt: expect.any(Number) as number,
    });
    await assertSucceeds(write(bob, remove(groupScope(bob), asGroup('-Nphoto', groupPhoto))));
    const bytes = await dbAs(bob).ref(`groupImages/${groupId}/-Nphoto/thumb`).once('value');
    expect(bytes.exists()).toBe(false);
  });

  it('stamps `deletedAt` with the server time, only with the delete', async () => {
    const path = groupPath('-Nbob');
    const deleting = remove(groupScope(bob), asGroup('-Nbob', bobs));
    await assertFails(write(bob, { ...deleting, [`${path}/deletedAt`]: 5 }));
    await assertFails(write(bob, { [`${path}/deletedAt`]: SERVER_TIME }));
    await assertFails(write(carol, { ...deleting, [`${path}/deletedAt`]: SERVER_TIME }));
    await assertSucceeds(write(bob, deleting));
  });

  it('refuses keeping mentions or a new name in the envelope', async () => {
    const path = groupPath('-Nbob');
    const env = { senderId: bob, senderName: 'Bob', createdAt: bobs.createdAt, deleted: true };
    await assertFails(write(bob, { [path]: { ...env, mentions: { [carol]: true } } }));
    await assertFails(write(bob, { [path]: { ...env, senderName: 'Robert' } }));
  });
});
