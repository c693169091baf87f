import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { beforeEach, describe, it } from 'vitest';
import {
  directImageSendWrite,
  directSendWrite,
  groupSendWrite,
} from '../../src/lib/firebase/conversations/send-write';
import {
  directMessage,
  directPath,
  groupMessage,
  groupPath,
  world,
} from './conversations-fixtures';
import { alice, bob, carol, conversationId } from './friends-fixtures';
import { dave, groupId, membership } from './groups-fixtures';
import { increment } from './inbox-fixtures';
import { SERVER_TIME, rulesEnvForFile } from './rules-env';

// A quote, a forward mark and a group's mentions are written with the message only.
const { seed, write } = rulesEnvForFile('conversations-reply-forward');

const server = { now: SERVER_TIME, plusOne: increment(1) };
const direct = {
  conversationId,
  from: { uid: alice, name: 'Alice' },
  to: { uid: bob, name: 'Bob' },
};
const toGroup = { groupId, from: { uid: bob, name: 'Bob' }, to: [alice, carol] };
type Extras = Parameters<typeof directSendWrite>[4];
const send = (id: string, extras: Extras) => directSendWrite(direct, id, 'yes!', server, extras);
const post = (id: string, extras: Extras) =>
  groupSendWrite(toGroup, id, 'hi @Carol', server, undefined, extras);

const photo = {
  full: `data:image/webp;base64,${'A'.repeat(2000)}`,
  thumb: `data:image/jpeg;base64,${'B'.repeat(200)}`,
  width: 160,
  height: 120,
};
/** A photo from `from` (Alice or Bob) to the other, as the app sends it. */
const sendPhoto = (id: string, extras: Extras, from = alice) => {
  const [me, other] = from === alice ? [direct.from, direct.to] : [direct.to, direct.from];
  return directImageSendWrite(
    { conversationId, from: me, to: other },
    id,
    photo,
    'the view',
    server,
    extras,
  );
};
const postPhoto = (id: string, extras: Extras) =>
  groupSendWrite(toGroup, id, '', server, { upload: photo, caption: '' }, extras);

/** `update` with `fields` added to the message at `path`. */
const plus = (update: Record<string, unknown>, path: string, fields: Record<string, unknown>) => ({
  ...update,
  [path]: { ...(update[path] as object), ...fields },
});

describe('reply and forward in a 1:1 conversation', () => {
  beforeEach(() =>
    seed({
      ...world,
      [directPath('-Na')]: directMessage(bob),
      [groupPath('-Ng')]: groupMessage(bob),
    }),
  );

  it('lets a message quote an earlier one of the conversation, or be marked forwarded', async () => {
    await assertSucceeds(write(alice, send('-Nr1', { replyTo: '-Na' })));
    await assertSucceeds(write(alice, send('-Nr2', { forwarded: true })));
    await assertSucceeds(write(alice, send('-Nr3', { replyTo: '-Nr1', forwarded: true })));
  });

  it("refuses a quote of a missing message, another conversation's, itself or a path", async () => {
    await assertFails(write(alice, send('-Nr1', { replyTo: '-Nmissing' })));
    await assertFails(write(alice, send('-Nr1', { replyTo: '-Ng' })));
    await assertFails(write(alice, send('-Nr1', { replyTo: '-Nr1' })));
    await assertFails(write(alice, send('-Nr1', { replyTo: '-Na/message' })));
  });

  it('refuses forwarded other than true, mentions in a 1:1, or adding either later', async () => {
    const sent = send('-Nr1', {});
    await assertFails(write(alice, plus(sent, directPath('-Nr1'), { forwarded: false })));
    await assertFails(write(alice, plus(sent, directPath('-Nr1'), { mentions: { [bob]: true } })));
    await assertSucceeds(write(alice, sent));
    await seed({ [directPath('-Nmine')]: directMessage(alice) });
    await assertFails(write(alice, { [`${directPath('-Nmine')}/replyTo`]: '-Na' }));
    await assertFails(write(alice, { [`${directPath('-Nmine')}/forwarded`]: true }));
  });
});

describe('reply, forward and mentions in a group', () => {
  beforeEach(() => seed({ ...world, [groupPath('-Ng')]: groupMessage(alice) }));

  it('lets a member mention the admin and other members, quote and forward', async () => {
    await assertSucceeds(write(bob, post('-Np1', { mentions: [carol, alice], replyTo: '-Ng' })));
    await assertSucceeds(write(bob, post('-Np2', { forwarded: true })));
  });

  it('refuses mentioning a stranger, an invited person, a former member or myself', async () => {
    await assertFails(write(bob, post('-Np1', { mentions: [dave] })));
    await assertFails(write(bob, post('-Np1', { mentions: ['erin-uid'] })));
    await assertFails(write(bob, post('-Np1', { mentions: [bob] })));
    await seed(membership(carol, null));
    await assertFails(write(bob, post('-Np1', { mentions: [carol] })));
  });

  it('refuses a mention that is not true, or one added after the send', async () => {
    const sent = post('-Np1', {});
    await assertFails(write(bob, plus(sent, groupPath('-Np1'), { mentions: { [carol]: 'yes' } })));
    await assertSucceeds(write(bob, sent));
    await seed({ [groupPath('-Nb')]: groupMessage(bob) });
    await assertFails(write(bob, { [`${groupPath('-Nb')}/mentions/${carol}`]: true }));
    await assertFails(write(bob, { [`${groupPath('-Nb')}/replyTo`]: '-Ng' }));
  });
});

describe('a photo sent as a reply', () => {
  beforeEach(() =>
    seed({
      ...world,
      [directPath('-Na')]: directMessage(bob),
      [groupPath('-Ng')]: groupMessage(alice),
    }),
  );

  it('carries the quote of an earlier message of its own conversation, 1:1 and group', async () => {
    await assertSucceeds(write(alice, sendPhoto('-Nq1', { replyTo: '-Na' })));
    await assertSucceeds(write(bob, sendPhoto('-Nq2', { replyTo: '-Nq1' }, bob)));
    await assertSucceeds(write(bob, postPhoto('-Nq3', { replyTo: '-Ng' })));
  });

  it('refuses a forged quote: another conversation, missing, itself, a path, or sent as another', async () => {
    await assertFails(write(alice, sendPhoto('-Nq1', { replyTo: '-Ng' })));
    await assertFails(write(alice, sendPhoto('-Nq1', { replyTo: '-Nmissing' })));
    await assertFails(write(alice, sendPhoto('-Nq1', { replyTo: '-Nq1' })));
    await assertFails(write(alice, sendPhoto('-Nq1', { replyTo: '-Na/message' })));
    await assertFails(write(bob, postPhoto('-Nq2', { replyTo: '-Na' })));
    // Bob's photo written by Alice, and a stranger's: refused with or without the quote.
    await assertFails(write(alice, sendPhoto('-Nq3', { replyTo: '-Na' }, bob)));
    await assertFails(write(carol, sendPhoto('-Nq4', { replyTo: '-Na' })));
    await assertFails(write(carol, postPhoto('-Nq5', { replyTo: '-Ng' })));
  });

  it('refuses a quote added to a stored photo', async () => {
    await assertSucceeds(write(alice, sendPhoto('-Nq1', {})));
    await assertFails(write(alice, { [`${directPath('-Nq1')}/replyTo`]: '-Na' }));
  });
});
