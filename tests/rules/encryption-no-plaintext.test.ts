import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { beforeEach, describe, it } from 'vitest';
import {
  directImageSendWrite,
  directSendWrite,
  groupSendWrite,
} from '../../src/lib/firebase/conversations/send-write';
import { coverChanges, hideChanges } from '../../src/lib/firebase/conversations/inbox-entry-cover';
import {
  asDirect,
  asGroup,
  directMessage,
  directPath,
  directScope,
  edit,
  groupMessage,
  groupPath,
  groupScope,
  react,
  remove,
  world,
} from './conversations-fixtures';
import { device, devices, epoch, wrapBy } from './encryption-fixtures';
import { alice, bob, carol, conversationId } from './friends-fixtures';
import { groupId } from './groups-fixtures';
import { increment } from './inbox-fixtures';
import { SERVER_TIME, rulesEnvForFile } from './rules-env';

// No plaintext path (docs/security/e2ee.md): once a conversation holds an epoch key, the rules
// take no clear word, photo, preview, quote, cover or draft in it, and a delete for everyone
// there carries the sender's sealed tombstone. Before that, clear text is taken as ever.
const { seed, write } = rulesEnvForFile('encryption-no-plaintext');

const server = { now: SERVER_TIME, plusOne: increment(1) };
const direct = {
  conversationId,
  from: { uid: alice, name: 'Alice' },
  to: { uid: bob, name: 'Bob' },
};
const toGroup = { groupId, from: { uid: bob, name: 'Bob' }, to: [alice, carol] };

const sealed = (length: number) =>
  `s2.${'E'.repeat(20)}.v1.${'I'.repeat(16)}.${'C'.repeat(length)}`;
const MESSAGE = sealed(200);
const PREVIEW = sealed(120);
const TOMBSTONE = sealed(40);

/** Alice's epoch wrapped for her device in the friendship, Bob's in the group: both encrypted. */
const keys = {
  ...devices,
  [`conversationKeys/${conversationId}/${alice}/${epoch}/${device(1)}`]: wrapBy(alice, 1),
  [`groupKeys/${groupId}/${bob}/${epoch}/${device(2)}`]: wrapBy(bob, 2),
};

/** `update` with every entry's preview replaced by `preview`. */
function withPreview(update: Record<string, unknown>, preview: string) {
  const out = { ...update };
  for (const path of Object.keys(out)) if (path.endsWith('/lastText')) out[path] = preview;
  return out;
}

/** `update` with the message at `path` given `fields`. */
const withMessage = (update: Record<string, unknown>, path: string, fields: object) => ({
  ...update,
  [path]: { ...(update[path] as object), ...fields },
});

const directSend = (id: string, message = MESSAGE, preview = PREVIEW) =>
  withPreview(directSendWrite(direct, id, message, server), preview);
const groupSend = (id: string, message = MESSAGE, preview = PREVIEW) =>
  withPreview(groupSendWrite(toGroup, id, message, server), preview);

describe('a conversation that holds no epoch key yet', () => {
  beforeEach(() => seed({ ...world, ...devices }));

  it('takes clear text as before the switch, and a delete for everyone without a tombstone', async () => {
    await assertSucceeds(write(alice, directSendWrite(direct, '-Nc1', 'see you at 8?', server)));
    await assertSucceeds(write(bob, groupSendWrite(toGroup, '-Nc2', 'who is in?', server)));
    await seed({ [directPath('-Nold')]: directMessage(alice) });
    await assertSucceeds(
      write(alice, remove(directScope(alice), asDirect('-Nold', directMessage(alice)))),
    );
  });
});

describe('an encrypted conversation', () => {
  beforeEach(() => seed({ ...world, ...keys }));

  it('takes a sealed message with sealed previews from its sender only', async () => {
    await assertSucceeds(write(alice, directSend('-Ns1')));
    await assertSucceeds(write(bob, groupSend('-Ns2')));
    await assertFails(write(bob, directSend('-Ns3')));
    await assertFails(write(carol, directSend('-Ns3')));
    await assertFails(write(null, directSend('-Ns3')));
    await assertFails(write(alice, groupSend('-Ns4')));
  });

  it('refuses clear text, with a clear preview or a sealed one, from anyone', async () => {
    for (const [uid, send] of [
      [alice, (id: string, m: string, p: string) => directSend(id, m, p)],
      [bob, (id: string, m: string, p: string) => groupSend(id, m, p)],
    ] as const) {
      await assertFails(write(uid, send('-Nc1', 'see you at 8?', 'see you at 8?')));
      await assertFails(write(uid, send('-Nc2', 'see you at 8?', PREVIEW)));
      // Sealed words with a clear preview: the preview is words too.
      await assertFails(write(uid, send('-Nc3', MESSAGE, 'see you at 8?')));
    }
  });

  it('refuses a clear edit, takes a sealed one from the sender only', async () => {
    const stored = directMessage(alice, 1000, { message: MESSAGE });
    await seed({ [directPath('-Nm1')]: stored });
    const message = asDirect('-Nm1', stored);
    await assertFails(write(alice, edit(directScope(alice), message, 'see you at 9?')));
    await assertSucceeds(write(alice, edit(directScope(alice), message, sealed(90))));
    await assertFails(write(bob, edit(directScope(bob), message, sealed(90))));
  });

  it('refuses clear photo bytes beside a sealed message', async () => {
    const photo = (full: string, thumb: string) => ({ full, thumb, width: 160, height: 120 });
    const send = (id: string, full: string, thumb: string) =>
      withMessage(
        withPreview(directImageSendWrite(direct, id, photo(full, thumb), '', server), PREVIEW),
        directPath(id),
        { message: MESSAGE },
      );
    const clearFull = 'data:image/webp;base64,AAAA';
    const clearThumb = 'data:image/jpeg;base64,AAAA';
    await assertFails(write(alice, send('-Np1', clearFull, sealed(300))));
    await assertFails(write(alice, send('-Np2', sealed(900), clearThumb)));
    await assertSucceeds(write(alice, send('-Np3', sealed(900), sealed(300))));
  });

  it("refuses a clear reaction quote in the author's entry, takes a sealed one or none", async () => {
    const stored = directMessage(alice, 1000, { message: MESSAGE });
    await seed({ [directPath('-Nm1')]: stored });
    const withQuote = (text: string) => {
      const update = react(directScope(bob), asDirect('-Nm1', stored));
      const path = `inbox/${alice}/${conversationId}/reaction`;
      return { ...update, [path]: { ...(update[path] as object), text } };
    };
    await assertFails(write(bob, withQuote('see you at 8?')));
    await assertSucceeds(write(bob, withQuote('')));
    await seed({
      [`inbox/${alice}/${conversationId}/reaction`]: null,
      [`${directPath('-Nm1')}/reactions`]: null,
    });
    await assertSucceeds(write(bob, withQuote(PREVIEW)));
  });

  it('refuses a clear cover of my own row, takes a sealed one', async () => {
    const before = directMessage(bob, 2000, { message: MESSAGE });
    const last = directMessage(alice, 1000, { message: MESSAGE });
    const entry = {
      lastMessageId: '-Nlast',
      lastSenderId: alice,
      lastText: PREVIEW,
      lastKind: 'text',
      lastAt: 1000,
    };
    await seed({
      [directPath('-Nbefore')]: before,
      [directPath('-Nlast')]: last,
      [`inbox/${alice}/${conversationId}`]: entry,
    });
    const place = { kind: 'direct' as const, conversationId: conversationId, owner: alice };
    const shown = asDirect('-Nbefore', before);
    const coverPath = `inbox/${alice}/${conversationId}/cover`;
    const hide = (text: string) => {
      const changes = coverChanges(place, { over: '-Nlast', shown });
      return {
        ...hideChanges(place, '-Nlast'),
        [coverPath]: { ...(changes[coverPath] as object), text },
      };
    };
    await assertFails(write(alice, hide('see you at 8?')));
    await assertSucceeds(write(alice, hide(PREVIEW)));
  });

  it('refuses a clear draft, takes a sealed one or an empty one', async () => {
    for (const [kind, id] of [
      ['direct', conversationId],
      ['group', groupId],
    ]) {
      const mine = `drafts/${alice}/${kind}/${id}`;
      await assertFails(write(alice, { [mine]: { text: 'Half a thought', at: SERVER_TIME } }));
      await assertSucceeds(write(alice, { [mine]: { text: sealed(60), at: SERVER_TIME } }));
      await assertSucceeds(write(alice, { [mine]: { text: '', at: SERVER_TIME } }));
    }
  });
});

describe('a delete for everyone in an encrypted conversation', () => {
  const stored = directMessage(alice, 1000, { message: MESSAGE });
  const posted = groupMessage(bob, 1000, { message: MESSAGE });
  beforeEach(() =>
    seed({ ...world, ...keys, [directPath('-Nm1')]: stored, [groupPath('-Ng1')]: posted }),
  );
  const withTombstone = (update: Record<string, unknown>, path: string, tombstone: unknown) => ({
    ...update,
    [`${path}/tombstone`]: tombstone,
  });
  const directDelete = (uid: string) => remove(directScope(uid), asDirect('-Nm1', stored));
  const groupDelete = (uid: string) => remove(groupScope(uid), asGroup('-Ng1', posted));

  it('needs the sender’s sealed tombstone', async () => {
    await assertFails(write(alice, directDelete(alice)));
    await assertFails(write(bob, groupDelete(bob)));
    await assertFails(
      write(alice, withTombstone(directDelete(alice), directPath('-Nm1'), 'deleted')),
    );
    await assertSucceeds(
      write(alice, withTombstone(directDelete(alice), directPath('-Nm1'), TOMBSTONE)),
    );
    await assertSucceeds(write(bob, withTombstone(groupDelete(bob), groupPath('-Ng1'), TOMBSTONE)));
  });

  it('refuses it from anyone else, and a tombstone on its own, later or on a message kept', async () => {
    await assertFails(write(bob, withTombstone(directDelete(bob), directPath('-Nm1'), TOMBSTONE)));
    await assertFails(
      write(carol, withTombstone(groupDelete(carol), groupPath('-Ng1'), TOMBSTONE)),
    );
    await assertFails(write(alice, { [`${directPath('-Nm1')}/tombstone`]: TOMBSTONE }));
    await assertSucceeds(
      write(alice, withTombstone(directDelete(alice), directPath('-Nm1'), TOMBSTONE)),
    );
    await assertFails(write(alice, { [`${directPath('-Nm1')}/tombstone`]: sealed(41) }));
  });
});
