import { describe, expect, it } from 'vitest';
import { makeConversationFilesApi } from '../../src/lib/firebase/conversations/files/gateway';
import { databaseRestUrl, signedInRest } from '../../src/lib/firebase/database-rest';
import { conversationCryptoOf } from '../../src/features/encryption/conversation-crypto';
import { makeNotificationsApi } from '../../src/lib/firebase/notifications';
import { selectFeed } from '../../src/features/notifications/notifications-selectors';
import { mentionNotificationChanges } from '../../src/lib/firebase/notifications/shapes';
import type { AppNotification } from '../../src/lib/firebase/notifications/shapes';
import { dbRest } from '../../scripts/stack/admin';
import { adminGet, adminUpdate, getBackend } from '../support/backend';
import { hikersThroughGateways } from '../support/hikers-group';
import { befriend, cleanBackendPerTest, eventually, type Person } from './app-clients';
import { deviceApp } from './encryption-device-apps';
import {
  inboxOf,
  instance,
  instancesPerTest,
  parties,
  reachesInstances,
  urlOf,
} from './inbox-instances-steps';

// News from another instance reaches Bob's list by a hint on his home (docs/scaling.md, "The
// hint protocol"): a file or voice message, as a text does. Bob lives on the directory
// (instance 0), Alice on instance 1, where their conversation is placed.
const { signUp, stopAfterTest } = cleanBackendPerTest();
const { startMirroring, mirrorIdle } = instancesPerTest(2);

async function aliceOnInstance1AndBob() {
  const alice = reachesInstances(await signUp('Alice'));
  const bob = reachesInstances(await signUp('Bob'));
  await adminUpdate({ [`homes/${alice.uid}`]: 1, [`homes/${bob.uid}`]: 0 });
  startMirroring();
  return { alice, bob };
}

/** `person`'s files gateway on their device, its chunks going over REST to instance 1. */
async function filesOf(person: Person) {
  const app = await deviceApp(person, stopAfterTest);
  const [host = '127.0.0.1', port] = getBackend().dbHost.split(':');
  const rest = signedInRest(
    databaseRestUrl(urlOf(1), { host, port: Number(port) }),
    person.client.auth,
  );
  return makeConversationFilesApi(
    person.client.db,
    () => rest,
    conversationCryptoOf(() => person.uid, app.gateways.encryption),
  );
}

const voiceUpload = (blob: Blob) => ({
  kind: 'voice' as const,
  blob,
  descriptor: {
    name: 'voice.webm',
    type: 'audio/webm',
    size: blob.size,
    chunks: 1,
    durationMs: 2000,
    levels: [10, 40, 20],
  },
  words: '🎤 Voice message',
});

describe('a file message on another instance', () => {
  it("reaches the friend's list by the sender's hint", async () => {
    const { alice, bob } = await aliceOnInstance1AndBob();
    const { id } = await befriend(alice, bob);
    await mirrorIdle();
    await alice.conversations.direct.send(parties(id, alice, bob), 'first').acked;
    // Its hint dropped, so that only the sign-in's look (a read, no listener) knows of it.
    await expect.poll(() => adminGet(`hints/${bob.uid}`), { timeout: 10_000 }).not.toBeNull();
    await adminUpdate({ [`hints/${bob.uid}`]: null });
    const inbox = inboxOf(bob, stopAfterTest);
    await eventually(() => expect(inbox.counts()).toEqual({ [`d:${id}`]: 1 }), 15_000);

    const files = await filesOf(alice);
    const blob = new Blob([new Uint8Array(2048).fill(7)], { type: 'audio/webm' });
    await files.send(parties(id, alice, bob), voiceUpload(blob)).acked;
    expect(await dbRest(instance(1), 'GET', `inbox/${bob.uid}/${id}/unread`)).toBe(2);
    await eventually(() => expect(inbox.counts()[`d:${id}`]).toBe(2), 10_000);
    await expect.poll(() => adminGet(`hints/${bob.uid}`), { timeout: 10_000 }).toBeNull();
  }, 60_000);
});

describe('the directory hint', () => {
  it("a new friendship on instance 1 shows in Bob's list live; a group he is removed from goes", async () => {
    const { alice, bob } = await aliceOnInstance1AndBob();
    const inbox = inboxOf(bob, stopAfterTest);
    await eventually(() => expect(inbox.counts()).toEqual({}), 15_000);

    // Alice asks (placed on her home, 1), Bob accepts, she writes: his list shows it, no reload.
    const { id } = await befriend(alice, bob);
    await mirrorIdle();
    await alice.conversations.direct.send(parties(id, alice, bob), 'hello').acked;
    await eventually(() => expect(inbox.counts()).toEqual({ [`d:${id}`]: 1 }), 15_000);

    // Alice's group, on 1; a message, then she removes Bob: her step's hint on his home makes
    // his app list his conversations again, and the group leaves his list.
    const group = await hikersThroughGateways(alice, [bob]);
    await mirrorIdle();
    const inGroup = { groupId: group, from: { uid: alice.uid, name: 'Alice' }, to: [bob.uid] };
    await alice.conversations.group.send(inGroup, 'ridge walk?').acked;
    await eventually(() => expect(inbox.counts()[`g:${group}`]).toBe(1), 15_000);
    await alice.groups.remove(group, bob);
    await eventually(() => expect(inbox.counts()).toEqual({ [`d:${id}`]: 1 }), 15_000);
  }, 90_000);
});

describe('a mention in a group on another instance', () => {
  it("reaches the member's feed with its count, marked read where it is stored", async () => {
    const { alice, bob } = await aliceOnInstance1AndBob();
    await befriend(alice, bob);
    const group = await hikersThroughGateways(alice, [bob]);
    await mirrorIdle();
    expect(await adminGet(`placement/group/${group}`)).toEqual({ instance: 1, state: 'live' });
    inboxOf(bob, stopAfterTest);
    const feed = makeNotificationsApi(bob.client.db);
    let unread: AppNotification[] = [];
    // The directory's entries (the request, the invitation) are not what this is about.
    const mentions = () => unread.filter((n) => n.kind === 'mention');
    stopAfterTest(
      feed.subscribeUnread(
        bob.uid,
        (items) => (unread = items),
        () => undefined,
      ),
    );
    const inGroup = { groupId: group, from: { uid: alice.uid, name: 'Alice' }, to: [bob.uid] };
    const mentioning = (text: string) =>
      alice.conversations.group.send(inGroup, text, undefined, {
        mentions: [bob.uid],
        extraChanges: (messageId, server) =>
          mentionNotificationChanges(
            {
              groupId: group,
              groupName: 'Hikers',
              actor: inGroup.from,
              messageId,
              to: [bob.uid],
            },
            server.now,
          ),
      }).acked;

    // Written with the message on the group's instance (the rules prove it there), not on
    // the directory; the relay's hint makes Bob's app look there and read it.
    await mentioning('@Bob bring the stove');
    const id = `mention_${group}_${alice.uid}`;
    expect(await dbRest(instance(1), 'GET', `notifications/${bob.uid}/${id}/read`)).toBe(false);
    expect(await adminGet(`notifications/${bob.uid}/${id}`)).toBeNull();
    await eventually(
      () =>
        expect(mentions().map((n) => [n.ref, n.messageId !== undefined])).toEqual([[group, true]]),
      15_000,
    );

    // Marked read on instance 1, and the count follows.
    await feed.markRead(bob.uid, [id]);
    expect(await dbRest(instance(1), 'GET', `notifications/${bob.uid}/${id}/read`)).toBe(true);
    await eventually(() => expect(mentions()).toEqual([]), 10_000);

    // Mentioned again: the entry is unread again, one in the count.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await mentioning('@Bob and the map');
    await eventually(() => expect(mentions().map((n) => n.id)).toEqual([id]), 15_000);
  }, 90_000);
});

describe('new messages on another instance in the feed', () => {
  it("name the friend and the count, from the entry on the conversation's instance", async () => {
    const { alice, bob } = await aliceOnInstance1AndBob();
    const { id } = await befriend(alice, bob);
    await mirrorIdle();
    const app = await deviceApp(bob, stopAfterTest);
    const news = () =>
      selectFeed(app.store.getState()).flatMap((item) =>
        item.kind === 'message' ? [[item.ref, item.actorName, item.count]] : [],
      );
    await alice.conversations.direct.send(parties(id, alice, bob), 'one').acked;
    await alice.conversations.direct.send(parties(id, alice, bob), 'two').acked;
    // Stored on instance 1 only: the feed has it from there, as the list does.
    expect(await adminGet(`inbox/${bob.uid}/${id}`)).toBeNull();
    await eventually(() => expect(news()).toEqual([[id, 'Alice', 2]]), 15_000);
  }, 60_000);
});
