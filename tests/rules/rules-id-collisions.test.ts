import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { directSendWrite } from '../../src/lib/firebase/conversations/send-write';
import { pairKey } from '../../src/lib/firebase/friends/pair-key';
import { increment } from './inbox-fixtures';
import { SERVER_TIME, rulesEnvForFile, userRecord } from './rules-env';

// A relationship id and a group id name different records, whatever their value.
const { dbAs, seed, write } = rulesEnvForFile('id-collisions');

/** Where a group's read markers, photos and inbox entries live (never the 1:1 paths). */
const GROUP_READS = 'groupReads';
const GROUP_IMAGES = 'groupImages';
const GROUP_INBOX = 'groupInbox';

/** Alice runs the group, Carol is its member; Mallory and his second account Moe are not. */
const alice = 'alice-uid';
const carol = 'carol-uid';
const mallory = 'mallory-uid';
const moe = 'moe-uid';
const names: Record<string, string> = {
  [alice]: 'Alice',
  [carol]: 'Carol',
  [mallory]: 'Mallory',
  [moe]: 'Moe',
};
const groupId = '-Ngroup0000000000024';
const image = { full: 'data:image/webp;base64,AAAA', thumb: 'data:image/jpeg;base64,BBBB' };
const groupEntry = {
  unread: 1,
  lastMessageId: '-Nphoto',
  lastSenderId: alice,
  lastText: '📷 Photo',
  lastKind: 'image',
  lastAt: 5,
};
const people = Object.fromEntries(
  Object.entries(names).map(([uid, name]) => [`users/${uid}`, userRecord(name)]),
);
const group = {
  [`Mygroup/${groupId}`]: { adminId: alice, adminName: 'Alice', groupName: 'Team', groupTag: 'Us' },
  [`groupMembership/${groupId}/${carol}`]: { status: 'member', username: 'Carol', at: 1 },
  [`userGroups/${carol}/${groupId}`]: 'member',
  [`groupMessages/${groupId}/-Nphoto`]: {
    message: '📷 Photo',
    senderId: alice,
    senderName: 'Alice',
    createdAt: 5,
    kind: 'image',
    imageId: '-Nphoto',
    width: 10,
    height: 10,
  },
  [`${GROUP_IMAGES}/${groupId}/-Nphoto`]: { ...image, createdAt: 5 },
  [`${GROUP_READS}/${groupId}/${carol}`]: { at: 6, messageId: '-Nphoto' },
  [`${GROUP_INBOX}/${carol}/${groupId}`]: groupEntry,
};

/** `from` asks `to` to be friends under `conversationId`, and `to` accepts: the app's two writes. */
async function befriend(from: string, to: string, conversationId: string) {
  const request = {
    senderId: from,
    senderName: names[from],
    receiverId: to,
    receiverName: names[to],
    photo: '',
  };
  await write(from, {
    [`friendRequest/${conversationId}`]: request,
    [`pairs/${pairKey(from, to)}`]: conversationId,
  });
  await write(to, {
    [`friendRequest/${conversationId}`]: null,
    [`friendList/${conversationId}`]: request,
  });
}

describe('a relationship under an existing group id', () => {
  beforeEach(() => seed({ ...people, ...group }));

  it("never reads the group's read markers or photos", async () => {
    // The request itself may be made: the id is free in the relationships' own key space.
    await befriend(mallory, moe, groupId);
    await assertFails(dbAs(mallory).ref(`${GROUP_READS}/${groupId}`).once('value'));
    await assertFails(dbAs(mallory).ref(`${GROUP_READS}/${groupId}/${carol}`).once('value'));
    await assertFails(dbAs(mallory).ref(`${GROUP_IMAGES}/${groupId}/-Nphoto/thumb`).once('value'));
    await assertFails(dbAs(mallory).ref(`${GROUP_IMAGES}/${groupId}/-Nphoto/full`).once('value'));
    // What the 1:1 paths under that id hold is the friendship's own (nothing of the group).
    const reads = await dbAs(mallory).ref(`reads/${groupId}`).once('value');
    expect(reads.val()).toBeNull();
    const photo = await dbAs(mallory).ref(`chatImages/${groupId}/-Nphoto/thumb`).once('value');
    expect(photo.val()).toBeNull();
  });

  it("never touches a member's group inbox entry with a 1:1 send", async () => {
    await befriend(mallory, carol, groupId);
    const parties = {
      conversationId: groupId,
      from: { uid: mallory, name: 'Mallory' },
      to: { uid: carol, name: 'Carol' },
    };
    const forged = 'Ann: the meeting moved, details at evil.example';
    const update = directSendWrite(parties, '-Nforged', forged, {
      now: SERVER_TIME,
      plusOne: increment(1),
    });
    // The send lands in the 1:1 conversation (harmless there: they are friends)...
    await assertSucceeds(write(mallory, update));
    const entry = await dbAs(carol).ref(`${GROUP_INBOX}/${carol}/${groupId}`).once('value');
    expect(entry.val()).toEqual(groupEntry);
    // ...and aiming the same summary at the group entry is refused.
    const aimed = Object.fromEntries(
      Object.entries(update).map(([path, value]) => [
        path.replace(`inbox/${carol}/`, `${GROUP_INBOX}/${carol}/`),
        value,
      ]),
    );
    await assertFails(write(mallory, { ...aimed, [`sendMessage/${groupId}/-Nforged`]: null }));
    await assertFails(
      write(mallory, {
        ...Object.fromEntries(
          Object.entries(aimed).filter(([path]) => !path.startsWith('sendMessage/')),
        ),
        [`sendMessage/${groupId}/-Nforged2`]: update[`sendMessage/${groupId}/-Nforged`],
      }),
    );
  });
});

describe('a group under an existing relationship id', () => {
  const conversationId = '-Nrel00000000000024';
  beforeEach(() =>
    seed({
      ...people,
      // Alice and Mallory talked, then Alice blocked him: the friendship is gone.
      [`block/${conversationId}`]: {
        blockbyid: alice,
        blockbyName: 'Alice',
        blockid: mallory,
        blockName: 'Mallory',
      },
      [`pairs/${pairKey(alice, mallory)}`]: conversationId,
      [`sendMessage/${conversationId}/-Npic`]: {
        message: '📷 Photo',
        messagesenderId: alice,
        massagesenderName: 'Alice',
        messagereceiverId: mallory,
        messagereceiverName: 'Mallory',
        createdAt: 5,
        kind: 'image',
        imageId: '-Npic',
        width: 10,
        height: 10,
      },
      [`chatImages/${conversationId}/-Npic`]: { ...image, createdAt: 5 },
      [`reads/${conversationId}/${alice}`]: { at: 6, messageId: '-Npic' },
      [`reads/${conversationId}/${mallory}`]: { at: 6, messageId: '-Npic' },
    }),
  );

  it("never reads the old conversation's photos or read markers", async () => {
    // Creating a group is allowed under any free group id; it opens nothing of the 1:1 chat.
    await write(mallory, {
      [`Mygroup/${conversationId}`]: {
        adminId: mallory,
        adminName: 'Mallory',
        groupName: 'Mine',
        groupTag: 'Gotcha',
      },
    });
    await assertFails(dbAs(mallory).ref(`reads/${conversationId}`).once('value'));
    await assertFails(dbAs(mallory).ref(`reads/${conversationId}/${alice}`).once('value'));
    await assertFails(dbAs(mallory).ref(`chatImages/${conversationId}/-Npic/thumb`).once('value'));
    await assertFails(dbAs(mallory).ref(`chatImages/${conversationId}/-Npic/full`).once('value'));
    // Nor can he mark or type there as the group's admin.
    await assertFails(
      write(mallory, {
        [`reads/${conversationId}/${mallory}`]: { at: SERVER_TIME, messageId: '-Npic' },
      }),
    );
    await assertFails(write(mallory, { [`typing/${conversationId}/${mallory}`]: SERVER_TIME }));
    // The group's own trees are his, and empty.
    const markers = await dbAs(mallory).ref(`${GROUP_READS}/${conversationId}`).once('value');
    expect(markers.val()).toBeNull();
  });
});
