import { describe, expect, it } from 'vitest';
import { directKey } from '../../src/lib/conversation-key';
import { makeConversationImagesApi } from '../../src/lib/firebase/conversations/images';
import { makeInboxApi } from '../../src/lib/firebase/inbox';
import { dbRest } from '../../scripts/stack/admin';
import { eventually } from './app-clients';
import { expectNeverAFourth, fourInstancesPerTest } from './inbox-fourth-instance-steps';
import {
  holdThreeOpen,
  inboxOf,
  instance,
  parties,
  sampleConnections,
  within,
} from './inbox-instances-steps';

// Nothing waits for a fourth connection (docs/scaling.md, "Bounded connections"): the actions
// on a conversation that is not open (a reaction from a notification, a hide from the list's
// menu, an edit, a read marker, a quoted message, a photo) go through `placements.reach` as
// the send does. Bob lives on 1, his conversations with Alice on 2 and with Dave on the
// directory (0) are open, with Carol on 3: kept (home) and held (2, 0) take all three, so each
// goes to 3 over REST, once, all of its paths in one update.
const { stopAfterTest, peopleAt, askedBy } = fourInstancesPerTest();
const on3 = (path: string) => dbRest(instance(3), 'GET', path);

const photo = {
  full: `data:image/webp;base64,UklGRiQAAABXRUJQ${'A'.repeat(1984)}`,
  thumb: `data:image/jpeg;base64,/9j/${'B'.repeat(196)}`,
  width: 4,
  height: 3,
};

describe('the actions on a conversation on a fourth instance', () => {
  it('are stored once over REST with three connections taken, never by a fourth', async () => {
    const [alice, bob, carol, dave] = await peopleAt({ Alice: 2, Bob: 1, Carol: 3, Dave: null });
    const [withAlice, withCarol, withDave] = await askedBy(bob, [alice, carol, dave]);
    await alice.conversations.direct.send(parties(withAlice, alice, bob), 'see you at 8').acked;
    const fromCarol = carol.conversations.direct.send(parties(withCarol, carol, bob), 'lunch?');
    await fromCarol.acked;
    const carolPhoto = makeConversationImagesApi(carol.client.db).send(
      parties(withCarol, carol, bob),
      photo,
      '',
    );
    await carolPhoto.acked;

    // Bob signs in and opens his conversations with Alice and Dave: home, 2 and 0 are taken.
    const sampler = sampleConnections(bob.uid);
    const inbox = inboxOf(bob, stopAfterTest);
    await eventually(() => expect(Object.keys(inbox.counts())).toHaveLength(2), 15_000);
    await holdThreeOpen(bob, [withAlice, withDave], stopAfterTest);
    const held = sampler.samples.length;
    const direct = bob.conversations.direct;
    const toCarol = parties(withCarol, bob, carol);

    // A quoted message and a photo of the conversation not open are read.
    const lunch = await within(direct.fetchOne(withCarol, fromCarol.id), 15_000);
    expect(lunch).toEqual(expect.objectContaining({ id: fromCarol.id, text: 'lunch?' }));
    if (!lunch) throw new Error('unreachable: checked above');
    const images = makeConversationImagesApi(bob.client.db);
    const thumb = images.readThumb(directKey(withCarol), carolPhoto.id, carol.uid);
    expect(await within(thumb, 15_000)).toBe(photo.thumb);

    // A reaction (from a notification): the message's and Carol's entry's in one update.
    await within(direct.react(toCarol, lunch, '👍', true), 15_000);
    const reactions = await on3(`sendMessage/${withCarol}/${fromCarol.id}/reactions`);
    expect(Object.keys(reactions as object)).toEqual(['👍']);
    expect(Object.keys((reactions as Record<string, object>)['👍'])).toEqual([bob.uid]);
    expect(await on3(`inbox/${carol.uid}/${withCarol}/reaction/by`)).toBe(bob.uid);

    // A hide from the list's menu.
    await within(direct.hide(bob.uid, withCarol, fromCarol.id), 15_000);
    expect(await on3(`hiddenMessages/${bob.uid}/${withCarol}`)).toEqual({ [fromCarol.id]: true });

    // His own message, then its edit (the preview of both entries follows, in one update).
    const mine = direct.send(toCarol, 'yes, at 1');
    await within(mine.acked, 15_000);
    const sentMine = await direct.fetchOne(withCarol, mine.id);
    if (!sentMine) throw new Error('his message is stored');
    await within(direct.edit(toCarol, sentMine, 'yes, at 2', true), 15_000);
    expect(await on3(`sendMessage/${withCarol}/${mine.id}/message`)).toBe('yes, at 2');
    expect(await on3(`inbox/${carol.uid}/${withCarol}/lastText`)).toBe('yes, at 2');

    // His read marker with his entry's count, in one update.
    const read = makeInboxApi(bob.client.db).markRead(bob.uid, directKey(withCarol), mine.id, true);
    await within(read, 15_000);
    expect(await on3(`inbox/${bob.uid}/${withCarol}/unread`)).toBe(0);
    expect(await on3(`reads/${withCarol}/${bob.uid}/messageId`)).toBe(mine.id);
    for (const n of [0, 1, 2]) {
      expect(await dbRest(instance(n), 'GET', `sendMessage/${withCarol}`)).toBeNull();
      expect(await dbRest(instance(n), 'GET', `hiddenMessages/${bob.uid}`)).toBeNull();
    }

    // Never more than three of Bob's, and never instance 3.
    await expectNeverAFourth(sampler, held, bob);
  }, 120_000);
});
