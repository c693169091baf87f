import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { beforeEach, describe, it } from 'vitest';
import {
  directFileSendWrite,
  fileStartWrite,
  groupFileSendWrite,
} from '../../src/lib/firebase/conversations/files/file-send-write';
import {
  CLEAR_CHUNK_MAX,
  chunkKey,
  SEALED_CHUNK_MAX,
  type FileDescriptor,
} from '../../src/lib/firebase/conversations/files/file-message';
import { removeWrite } from '../../src/lib/firebase/conversations/actions-write';
import { asDirect, directScope, world } from './conversations-fixtures';
import { alice, bob, carol, conversationId } from './friends-fixtures';
import { groupId } from './groups-fixtures';
import { increment, omit } from './inbox-fixtures';
import { SERVER_TIME, rulesEnvForFile } from './rules-env';

// File and voice messages' chunks (rules/conversations-files.ts): who adds them, how many, how
// large, and that a finished file never changes.
const { dbAs, seed, write } = rulesEnvForFile('conversations-files');

const server = { now: SERVER_TIME, plusOne: increment(1) };
const direct = {
  conversationId,
  from: { uid: alice, name: 'Alice' },
  to: { uid: bob, name: 'Bob' },
};
const ID = '-Nfile00000000000001';
const node = (id = ID) => `chatFiles/${conversationId}/${id}`;
const groupNode = (id = ID) => `groupFiles/${groupId}/${id}`;
const descriptor = (chunks = 2): FileDescriptor => ({
  name: 'notes.pdf',
  type: 'application/pdf',
  size: chunks * 10,
  chunks,
});
const sealed = (length: number) =>
  `s2.${'E'.repeat(20)}.v1.${'I'.repeat(16)}.${'C'.repeat(length)}`;

/** The upload's first write: the node with its owner and its last chunk's key. */
const start = (owner = alice, last = 1, at = node()) => ({
  [at]: fileStartWrite(owner, chunkKey(last), server),
});
/** One chunk with its `have` mark. */
const chunk = (index: number, value = 'QUJD', at = node()) => ({
  [`${at}/parts/${chunkKey(index)}`]: value,
  [`${at}/have/${chunkKey(index)}`]: true,
});
const fileMessage = (chunks = 2, id = ID) =>
  directFileSendWrite(
    direct,
    id,
    { kind: 'file', descriptor: descriptor(chunks) },
    'notes.pdf',
    server,
  );

/** Alice's whole upload of a two-chunk file, without the message. */
async function uploaded() {
  await write(alice, start());
  await write(alice, chunk(0));
  await write(alice, chunk(1));
}

describe('chatFiles between friends', () => {
  beforeEach(() => seed(world));

  it('lets the sender upload chunk by chunk and finish with the message, and both read it', async () => {
    await assertSucceeds(write(alice, start()));
    await assertSucceeds(write(alice, chunk(0)));
    await assertSucceeds(write(alice, chunk(1)));
    await assertSucceeds(write(alice, fileMessage()));
    for (const uid of [alice, bob]) {
      await assertSucceeds(dbAs(uid).ref(`${node()}/parts/000`).once('value'));
      await assertSucceeds(dbAs(uid).ref(`${node()}/have`).once('value'));
      await assertSucceeds(dbAs(uid).ref(`${node()}/owner`).once('value'));
    }
  });

  it('takes a voice message as a file of its kind', async () => {
    await uploaded();
    const voice = directFileSendWrite(
      direct,
      ID,
      { kind: 'voice', descriptor: { ...descriptor(), durationMs: 12_000, levels: [1, 50] } },
      'Voice message 0:12',
      server,
    );
    await assertSucceeds(write(alice, voice));
  });

  it('refuses strangers reading, and anyone reading the whole file or the list', async () => {
    await uploaded();
    await write(alice, fileMessage());
    await assertFails(dbAs(carol).ref(`${node()}/parts/000`).once('value'));
    await assertFails(dbAs(carol).ref(`${node()}/have`).once('value'));
    await assertFails(dbAs(bob).ref(node()).once('value'));
    await assertFails(dbAs(bob).ref(`${node()}/parts`).once('value'));
    await assertFails(dbAs(alice).ref(`chatFiles/${conversationId}`).once('value'));
  });

  it('refuses a stranger, or a node in someone else’s name', async () => {
    await assertFails(write(carol, start(carol)));
    await assertFails(write(alice, start(bob)));
    await assertFails(write(null, start()));
  });

  it('refuses chunks from the other friend, to an unknown node, or past the last one', async () => {
    await write(alice, start());
    await assertFails(write(bob, chunk(0)));
    await assertFails(write(alice, chunk(0, 'QUJD', node('-Nother'))));
    await assertFails(write(alice, chunk(2)));
    await assertFails(write(alice, { [`${node()}/parts/0`]: 'QUJD', [`${node()}/have/0`]: true }));
  });

  it('refuses a chunk without its mark, or a mark without its chunk', async () => {
    await write(alice, start());
    await assertFails(write(alice, { [`${node()}/parts/000`]: 'QUJD' }));
    await assertFails(write(alice, { [`${node()}/have/000`]: true }));
    await assertFails(write(alice, { ...chunk(0), [`${node()}/have/000`]: 'yes' }));
  });

  it('bounds the chunk count: the last key is at most 099 (25 MB)', async () => {
    await assertSucceeds(write(alice, start(alice, 99)));
    await assertFails(write(alice, start(alice, 100, node('-Nbig'))));
    await assertFails(
      write(alice, { [node('-Nbad')]: { owner: alice, last: 'zz', createdAt: SERVER_TIME } }),
    );
    await assertFails(
      write(alice, { [node('-Nbad')]: { ...fileStartWrite(alice, '001', server), x: 1 } }),
    );
  });

  it('bounds a chunk’s size, and takes base64url only', async () => {
    await write(alice, start());
    await assertFails(write(alice, chunk(0, 'A'.repeat(CLEAR_CHUNK_MAX + 1))));
    await assertFails(write(alice, chunk(0, 'not base64!')));
    await assertSucceeds(write(alice, chunk(0, 'A'.repeat(CLEAR_CHUNK_MAX))));
    await assertFails(write(alice, chunk(1, sealed(SEALED_CHUNK_MAX))));
    await assertSucceeds(write(alice, chunk(1, sealed(SEALED_CHUNK_MAX - 45))));
  });

  it('refuses clear chunks once the conversation is encrypted', async () => {
    await seed({ [`conversationKeys/${conversationId}/x`]: 1 });
    await write(alice, start());
    await assertFails(write(alice, chunk(0, 'QUJD')));
    await assertSucceeds(write(alice, chunk(0, sealed(400))));
  });

  it('refuses replacing a stored chunk', async () => {
    await uploaded();
    await assertFails(write(alice, chunk(0, 'WFla')));
    await assertFails(write(alice, { [`${node()}/parts/000`]: null }));
  });

  it('refuses a file message without its finished file, or before its last chunk', async () => {
    await write(alice, start());
    await write(alice, chunk(0));
    await assertFails(write(alice, fileMessage()));
    const update = omit(fileMessage(), `${node()}/done`);
    await write(alice, chunk(1));
    await assertFails(write(alice, update));
  });

  it('refuses done without its message, or beside a message naming another file', async () => {
    await uploaded();
    await assertFails(write(alice, { [`${node()}/done`]: true }));
    const other = fileMessage(2, '-Nfile00000000000002');
    await assertFails(write(alice, { ...other, [`${node()}/done`]: true }));
  });

  it('refuses a descriptor that is not JSON or too long, and file fields on a text', async () => {
    await uploaded();
    const update = fileMessage();
    const path = `sendMessage/${conversationId}/${ID}`;
    const message = update[path] as Record<string, unknown>;
    await assertFails(write(alice, { ...update, [path]: { ...message, file: 'notes.pdf' } }));
    await assertFails(
      write(alice, { ...update, [path]: { ...message, file: `{${'x'.repeat(2000)}}` } }),
    );
    await assertFails(write(alice, { ...update, [path]: { ...message, fileId: '-Nx' } }));
    const { kind: _kind, ...text } = message;
    await assertFails(write(alice, { ...update, [path]: text }));
  });

  it("refuses an inbox entry that calls a file message an 'image'", async () => {
    await uploaded();
    await assertFails(
      write(alice, { ...fileMessage(), [`inbox/${bob}/${conversationId}/lastKind`]: 'image' }),
    );
  });

  it('makes a finished file immutable: no chunk, no mark, no removal', async () => {
    await uploaded();
    await write(alice, fileMessage());
    await assertFails(write(alice, chunk(1, 'WFla')));
    await assertFails(write(alice, { [`${node()}/done`]: null }));
    await assertFails(write(alice, { [node()]: null }));
    await assertFails(write(bob, { [node()]: null }));
  });

  it('lets the owner take back an unfinished upload, nobody else', async () => {
    await uploaded();
    await assertFails(write(bob, { [node()]: null }));
    await assertSucceeds(write(alice, { [node()]: null }));
  });

  it('removes a finished file only with its message’s delete for everyone', async () => {
    await uploaded();
    const update = fileMessage();
    await write(alice, update);
    const stored = asDirect(ID, {
      ...(update[`sendMessage/${conversationId}/${ID}`] as object),
      createdAt: Date.now(),
    });
    const remove = removeWrite(directScope(alice), stored, false, SERVER_TIME);
    await assertFails(write(bob, { [node()]: null }));
    await assertSucceeds(write(alice, remove));
  });
});

describe('groupFiles', () => {
  beforeEach(() => seed(world));
  const toGroup = { groupId, from: { uid: bob, name: 'Bob' }, to: [alice, carol] };

  it('lets a member upload and post, others read; an outsider neither', async () => {
    await assertSucceeds(write(bob, start(bob, 0, groupNode())));
    await assertSucceeds(write(bob, chunk(0, 'QUJD', groupNode())));
    const post = groupFileSendWrite(
      toGroup,
      ID,
      { kind: 'file', descriptor: descriptor(1) },
      'notes.pdf',
      server,
    );
    await assertSucceeds(write(bob, post));
    await assertSucceeds(dbAs(carol).ref(`${groupNode()}/parts/000`).once('value'));
    await assertFails(dbAs('mallory').ref(`${groupNode()}/parts/000`).once('value'));
    await assertFails(write('mallory', start('mallory', 0, groupNode('-Nm'))));
  });
});
