import { describe, expect, it } from 'vitest';
import { sendMessage } from '../../src/features/conversations';
import { forwardMessage } from '../../src/features/conversations/message-actions/conversations-forward-thunks';
import { directKey } from '../../src/lib/conversation-key';
import type { ConversationMessage } from '../../src/lib/firebase/conversations/message';
import { dbRest } from '../../scripts/stack/admin';
import { eventually, type Person } from './app-clients';
import { deviceApp, type DeviceApp } from './encryption-device-apps';
import { expectNeverAFourth, fourInstancesPerTest } from './inbox-fourth-instance-steps';
import { holdThreeOpen, instance, sampleConnections, within } from './inbox-instances-steps';

// Encryption on, nothing waits for a fourth connection (docs/scaling.md, "Bounded
// connections"): Bob lives on instance 1 with his conversations with Alice (on 2) and Erin (on
// the directory, 0) open, so kept and held take all three (with one open, the directory is in
// the slot and gives way); his conversations with Carol and Dave are on 3. A forward there
// writes its epoch's wraps (and Dave's wait) over REST, and Bob's app serves Dave's ask over
// REST too.
const { stopAfterTest, peopleAt, askedBy } = fourInstancesPerTest();
const TEXT = 'the gate code is 4711';

const previewOf = (app: DeviceApp, conversationId: string) =>
  app.store.getState().inbox.entries[directKey(conversationId)]?.lastText;

/** The message with `text` as `app`'s open conversation shows it, opened. */
function shown(app: DeviceApp, text: string): ConversationMessage | undefined {
  const { entities } = app.store.getState().conversations;
  return Object.values(entities).find((message) => message.text === text);
}

/** `message` forwarded by `app` to its conversation `id` with `to`, within 20 s. */
const forwardTo = (app: DeviceApp, message: ConversationMessage, to: Person, id: string) =>
  within(
    app.store
      .dispatch(forwardMessage({ message, to: { kind: 'direct', id, name: to.username } }))
      .unwrap(),
    20_000,
  );

describe('key wraps and waits on a fourth instance', () => {
  it('wraps a forward’s epoch over REST and serves a late ask, never a fourth connection', async () => {
    const homes = { Alice: 2, Bob: 1, Carol: 3, Dave: 3, Erin: null };
    const [alice, bob, carol, dave, erin] = await peopleAt(homes);
    const [, withCarol, withDave, withErin] = await askedBy(bob, [alice, carol, dave, erin]);

    // Bob's and Carol's devices first; Alice's sealed message opens in Bob's open chat.
    const b = await deviceApp(bob, stopAfterTest);
    const c = await deviceApp(carol, stopAfterTest);
    const a = await deviceApp(alice, stopAfterTest);
    a.openChatWith(bob);
    await a.store.dispatch(sendMessage(TEXT)).unwrap();
    b.openChatWith(alice);
    await eventually(() => expect(shown(b, TEXT)).toBeDefined(), 20_000);
    await holdThreeOpen(bob, [withErin], stopAfterTest);
    const sampler = sampleConnections(bob.uid);

    // The forward to Carol seals under a new epoch, wrapped for her device on 3.
    const message = shown(b, TEXT) as ConversationMessage;
    await forwardTo(b, message, carol, withCarol);
    const wraps = await dbRest(instance(3), 'GET', `conversationKeys/${withCarol}/${carol.uid}`);
    expect(Object.keys(wraps ?? {})).toHaveLength(1);
    await eventually(() => expect(previewOf(c, withCarol)).toBe(TEXT), 20_000);

    // To Dave, who has no device yet: his wait is written there; his first device asks, wakes
    // Bob by a hint on Bob's home, and Bob's app serves it over REST.
    await forwardTo(b, message, dave, withDave);
    const owed = () => dbRest(instance(3), 'GET', `conversationKeyWaits/${withDave}/${dave.uid}`);
    expect(Object.values((await owed()) ?? {})).toEqual([{ of: bob.uid }]);
    const d = await deviceApp(dave, stopAfterTest);
    await eventually(() => expect(previewOf(d, withDave)).toBe(TEXT), 30_000);
    expect(Object.values((await owed()) ?? {})).toEqual([
      { of: bob.uid, asked: expect.any(Number), served: true },
    ]);

    // Bob's chat with Alice stayed open all along: never more than three, never instance 3.
    await expectNeverAFourth(sampler, 0, bob);
  }, 150_000);
});
