import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { beforeEach, describe, it } from 'vitest';
import {
  directImageSendWrite,
  directSendWrite,
  groupSendWrite,
} from '../../src/lib/firebase/conversations/send-write';
import { FULL_DATA_MAX } from '../../src/lib/firebase/conversations/image-message';
import {
  asDirect,
  directMessage,
  directPath,
  directScope,
  edit,
  react,
  world,
} from './conversations-fixtures';
import { alice, bob, carol, conversationId } from './friends-fixtures';
import { groupId } from './groups-fixtures';
import { increment } from './inbox-fixtures';
import { SERVER_TIME, rulesEnvForFile } from './rules-env';

// Sealed words and photos (`s1.{epoch}.v1.{iv}.{ciphertext}`) pass the rules with
// bounded sizes; a sealed message never travels with a clear preview, nor the reverse.
const { seed, write } = rulesEnvForFile('encryption-sealed');

const server = { now: SERVER_TIME, plusOne: increment(1) };
const direct = {
  conversationId,
  from: { uid: alice, name: 'Alice' },
  to: { uid: bob, name: 'Bob' },
};
const toGroup = { groupId, from: { uid: bob, name: 'Bob' }, to: [alice, carol] };

/** A sealed field of `length` ciphertext characters, in the form the app writes. */
const sealed = (length: number, epoch = 'E'.repeat(20)) =>
  `s1.${epoch}.v1.${'I'.repeat(16)}.${'C'.repeat(length)}`;
const MESSAGE = sealed(200);
const PREVIEW = sealed(120);

/** `update` with every entry's preview replaced by `preview`. */
function withPreview(update: Record<string, unknown>, preview: string) {
  const out = { ...update };
  for (const path of Object.keys(out)) if (path.endsWith('/lastText')) out[path] = preview;
  return out;
}

const sealedSend = (id: string, message = MESSAGE, preview = PREVIEW) =>
  withPreview(directSendWrite(direct, id, message, server), preview);

describe('sealed messages in a 1:1 conversation', () => {
  beforeEach(() => seed(world));

  it('takes a sealed message with sealed previews, from the sender', async () => {
    await assertSucceeds(write(alice, sealedSend('-Ns1')));
    // The largest message the app can send: 4,000 UTF-16 units of 3 UTF-8 bytes each.
    await assertSucceeds(write(alice, sealedSend('-Ns2', sealed(16_000))));
  });

  it('refuses it from anyone else, as someone else, or oversized', async () => {
    await assertFails(write(bob, sealedSend('-Ns1')));
    await assertFails(write(carol, sealedSend('-Ns1')));
    await assertFails(write(null, sealedSend('-Ns1')));
    await assertFails(write(alice, sealedSend('-Ns1', sealed(16_100))));
    await assertFails(write(alice, sealedSend('-Ns1', MESSAGE, sealed(500))));
  });

  it('refuses a sealed message with a clear preview, a clear one with a sealed preview', async () => {
    await assertFails(write(alice, sealedSend('-Ns1', MESSAGE, 'see you at 8?')));
    await assertFails(write(alice, sealedSend('-Ns1', 'see you at 8?', PREVIEW)));
    // Clear text that merely starts like a sealed field is clear text, with its own preview.
    await assertFails(write(alice, sealedSend('-Ns1', 's1.not sealed', PREVIEW)));
    await assertSucceeds(write(alice, directSendWrite(direct, '-Ns2', 's1.not sealed', server)));
  });

  it('takes a sealed photo within the size of a data URL, and nothing larger', async () => {
    const photo = (full: string) => ({
      full,
      thumb: sealed(300),
      width: 160,
      height: 120,
    });
    const send = (id: string, full: string) =>
      withPreview(directImageSendWrite(direct, id, photo(full), '', server), PREVIEW);
    const sealedPhoto = (id: string, full: string) => {
      const update = send(id, full);
      const path = directPath(id);
      return { ...update, [path]: { ...(update[path] as object), message: MESSAGE } };
    };
    await assertSucceeds(write(alice, sealedPhoto('-Np1', sealed(FULL_DATA_MAX))));
    await assertFails(write(alice, sealedPhoto('-Np2', sealed(FULL_DATA_MAX + 100))));
    await assertFails(write(alice, sealedPhoto('-Np3', `s1.${'E'.repeat(20)}.v1.short.C`)));
  });
});

describe('sealed group messages', () => {
  beforeEach(() => seed(world));

  it('takes a sealed post from a member, refuses it from an outsider or with a clear preview', async () => {
    const post = (preview: string) =>
      withPreview(groupSendWrite(toGroup, '-Ng1', MESSAGE, server), preview);
    await assertSucceeds(write(bob, post(PREVIEW)));
    await assertFails(write(bob, post('who is in?')));
    const outsider = { ...toGroup, from: { uid: 'mallory', name: 'Mallory' } };
    await assertFails(
      write('mallory', withPreview(groupSendWrite(outsider, '-Ng2', MESSAGE, server), PREVIEW)),
    );
  });
});

describe('sealed edits and reaction quotes', () => {
  const sealedMessage = directMessage(alice, 1000, { message: MESSAGE });
  beforeEach(() => seed({ ...world, [directPath('-Nsealed')]: sealedMessage }));

  it("lets the sender seal an edit, never anyone else's, never oversized", async () => {
    const message = asDirect('-Nsealed', sealedMessage);
    await assertSucceeds(write(alice, edit(directScope(alice), message, sealed(90))));
    await assertFails(write(bob, edit(directScope(bob), message, sealed(90))));
    await assertFails(write(alice, edit(directScope(alice), message, sealed(16_100))));
  });

  it("quotes a sealed message sealed (or not at all) in its author's entry, never in clear", async () => {
    const message = asDirect('-Nsealed', sealedMessage);
    const withQuote = (text: string) => {
      const update = react(directScope(bob), message);
      const path = `inbox/${alice}/${conversationId}/reaction`;
      return { ...update, [path]: { ...(update[path] as object), text } };
    };
    await assertSucceeds(write(bob, withQuote(PREVIEW)));
    await assertFails(write(bob, withQuote('see you at 8?')));
  });
});
