import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  MINUTE,
  asDirect,
  asGroup,
  directMessage,
  directPath,
  directScope,
  edit,
  groupMessage,
  groupPath,
  groupScope,
  photoFields,
  world,
} from './conversations-fixtures';
import { alice, blocked, bob, carol, conversationId } from './friends-fixtures';
import { membership } from './groups-fixtures';
import { SERVER_TIME, rulesEnvForFile } from './rules-env';

// The sender edits the text of their text message within 15 minutes, nothing else.
const { dbAs, seed, write } = rulesEnvForFile('conversations-edit');

const fresh = directMessage(alice);
const old = directMessage(alice, 16 * MINUTE);
const bobs = directMessage(bob);
const photo = directMessage(alice, 1000, photoFields);
const deleted = { ...directMessage(alice), message: null, deleted: true };

describe('editing a 1:1 message', () => {
  beforeEach(() =>
    seed({
      ...world,
      [directPath('-Nfresh')]: fresh,
      [directPath('-Nold')]: old,
      [directPath('-Nbobs')]: bobs,
      [directPath('-Nphoto')]: photo,
      [directPath('-Ndeleted')]: deleted,
      [directPath('-Nreply')]: directMessage(alice, 1000, { replyTo: '-Nbobs', forwarded: true }),
    }),
  );

  it('lets the sender change the text, stamped with the server time, the rest kept', async () => {
    await assertSucceeds(write(alice, edit(directScope(alice), asDirect('-Nfresh', fresh))));
    const stored = (await dbAs(bob).ref(directPath('-Nfresh')).once('value')).val() as Record<
      string,
      unknown
    >;
    expect(stored.message).toBe('see you at 9?');
    expect(typeof stored.editedAt).toBe('number');
    expect(stored.createdAt).toBe(fresh.createdAt);
    const reply = asDirect('-Nreply', directMessage(alice, 1000, { replyTo: '-Nbobs' }));
    await assertSucceeds(write(alice, edit(directScope(alice), reply, 'again')));
  });

  it("refuses editing someone else's message, or as them", async () => {
    await assertFails(write(alice, edit(directScope(alice), asDirect('-Nbobs', bobs))));
    await assertFails(write(bob, edit(directScope(bob), asDirect('-Nfresh', fresh))));
    await assertFails(write(carol, edit(directScope(carol), asDirect('-Nfresh', fresh))));
    await assertFails(write(null, edit(directScope(alice), asDirect('-Nfresh', fresh))));
  });

  it('refuses after 15 minutes, on a photo, on a deleted message, or a missing one', async () => {
    await assertFails(write(alice, edit(directScope(alice), asDirect('-Nold', old))));
    await assertFails(write(alice, edit(directScope(alice), asDirect('-Nphoto', photo))));
    const gone = asDirect('-Ndeleted', { ...directMessage(alice), deleted: true });
    await assertFails(write(alice, edit(directScope(alice), gone)));
    await assertFails(write(alice, edit(directScope(alice), asDirect('-Nnone', fresh))));
  });

  it('refuses an edit without its time, with a client time, or an empty or huge text', async () => {
    const path = directPath('-Nfresh');
    await assertFails(write(alice, { [`${path}/message`]: 'sneaky' }));
    await assertFails(write(alice, { [`${path}/message`]: 'x', [`${path}/editedAt`]: Date.now() }));
    const e = (text: string) => edit(directScope(alice), asDirect('-Nfresh', fresh), text);
    await assertFails(write(alice, e('')));
    await assertFails(write(alice, e('x'.repeat(4001))));
  });

  it('refuses changing anything but the text: sender, names, time, quote, forward, kind', async () => {
    const path = directPath('-Nfresh');
    const base = edit(directScope(alice), asDirect('-Nfresh', fresh));
    for (const [key, value] of Object.entries({
      messagesenderId: bob,
      massagesenderName: 'Bob',
      messagereceiverId: carol,
      messagereceiverName: 'Carol',
      createdAt: SERVER_TIME,
      replyTo: '-Nbobs',
      forwarded: true,
      kind: 'image',
      caption: 'see you at 9?',
      deleted: true,
    })) {
      await assertFails(write(alice, { ...base, [`${path}/${key}`]: value }));
    }
    await assertFails(write(alice, { [path]: { ...fresh, message: 'x', editedAt: SERVER_TIME } }));
  });

  it('refuses an edit once the friendship is blocked', async () => {
    await seed({ [`friendList/${conversationId}`]: null, ...blocked });
    await assertFails(write(alice, edit(directScope(alice), asDirect('-Nfresh', fresh))));
  });
});

describe('editing a group message', () => {
  const mine = groupMessage(bob);
  beforeEach(() =>
    seed({
      ...world,
      [groupPath('-Nbob')]: mine,
      [groupPath('-Nold')]: groupMessage(bob, 16 * MINUTE),
      [groupPath('-Nphoto')]: groupMessage(bob, 1000, photoFields),
      [groupPath('-Nmention')]: groupMessage(bob, 1000, { mentions: { [carol]: true } }),
    }),
  );

  it('lets the sender (a member) edit, the admin and others not', async () => {
    await assertSucceeds(write(bob, edit(groupScope(bob), asGroup('-Nbob', mine))));
    await assertSucceeds(
      write(bob, edit(groupScope(bob), asGroup('-Nmention', groupMessage(bob)), '@Carol hi')),
    );
    await assertFails(write(alice, edit(groupScope(alice), asGroup('-Nbob', mine))));
    await assertFails(write(carol, edit(groupScope(carol), asGroup('-Nbob', mine))));
  });

  it('refuses after 15 minutes, a photo, a changed sender or mentions', async () => {
    await assertFails(write(bob, edit(groupScope(bob), asGroup('-Nold', mine))));
    await assertFails(write(bob, edit(groupScope(bob), asGroup('-Nphoto', mine))));
    const base = edit(groupScope(bob), asGroup('-Nbob', mine));
    await assertFails(write(bob, { ...base, [`${groupPath('-Nbob')}/senderName`]: 'Carol' }));
    await assertFails(write(bob, { ...base, [`${groupPath('-Nbob')}/mentions/${carol}`]: true }));
  });

  it('refuses a sender who left the group', async () => {
    await seed(membership(bob, null));
    await assertFails(write(bob, edit(groupScope(bob), asGroup('-Nbob', mine))));
  });
});
