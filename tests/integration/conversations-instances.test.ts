import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dbRest } from '../../scripts/stack/admin';
import { startMirror, type MirrorProcess } from '../../scripts/stack/mirror';
import { adminGet, adminUpdate, getBackend } from '../support/backend';
import { befriend, cleanBackendPerTest, type Person } from './app-clients';
import { instance, reachesInstances, urlOf } from './inbox-instances-steps';

// Two instances on our emulator: the directory (the test namespace, instance 0) and instance 1
// (its own namespace, the same rules, `config/self` = 1), with the mirror process between them
// (docs/scaling.md). A conversation placed on 1 is written there, once its mirror landed.
const { signUp } = cleanBackendPerTest();
const directory = () => getBackend();
const instance1 = () => instance(1);
const onInstance1 = (method: 'GET' | 'PATCH' | 'PUT', path: string, body?: unknown) =>
  dbRest(instance1(), method, path, body);

let mirror: MirrorProcess | null = null;

beforeEach(async () => {
  await onInstance1('PUT', '/', { config: { self: 1 } });
  await adminUpdate({
    'config/instances': {
      count: 2,
      open: { 0: true, 1: true },
      urls: { 1: urlOf(1) },
    },
  });
});

afterEach(() => {
  mirror?.stop();
  mirror = null;
});

/** The texts of the first non-empty latest page `person` sees of conversation `id`. */
const firstPage = (person: Person, id: string) =>
  new Promise<string[]>((resolve, reject) => {
    const stop = person.conversations.direct.subscribeLatest(
      { id, pageSize: 20 },
      (page) => {
        if (page.length === 0) return;
        stop();
        resolve(page.map((m) => m.text));
      },
      reject,
    );
  });

const parties = (conversationId: string, from: Person, to: Person) => ({
  conversationId,
  from: { uid: from.uid, name: from.username },
  to: { uid: to.uid, name: to.username },
});

describe('a conversation placed on another instance', () => {
  it('accept, then open and send at once: both wait for the mirror; the message is on instance 1 only, counted', async () => {
    const alice = await signUp('Alice');
    const bob = await signUp('Bob');
    reachesInstances(alice);
    reachesInstances(bob);
    // Alice lives on instance 1: the friendship she asks for is placed there.
    await adminUpdate({ [`homes/${alice.uid}`]: 1, [`homes/${bob.uid}`]: 0 });

    const request = await befriend(alice, bob);
    expect(await adminGet(`placement/direct/${request.id}`)).toEqual({
      instance: 1,
      state: 'live',
    });
    // At once, before the mirror landed (here: before it even started, so that instance 1
    // refuses both): the listen and the send wait for it rather than fail.
    // (Bob listens, Alice sends: a page of one's own sends would show the held copy anyway.)
    const bobSees = firstPage(bob, request.id);
    const sent = alice.conversations.direct.send(parties(request.id, alice, bob), 'Hi Bob!');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await onInstance1('GET', `sendMessage/${request.id}`)).toBeNull();
    mirror = startMirror(directory(), () => instance1());
    await sent.acked;
    expect(await bobSees).toEqual(['Hi Bob!']);

    const stored = (await onInstance1('GET', `sendMessage/${request.id}/${sent.id}`)) as {
      message: string;
    } | null;
    expect(stored?.message).toBe('Hi Bob!');
    expect(await adminGet(`sendMessage/${request.id}`)).toBeNull();
    expect(await onInstance1('GET', `inbox/${bob.uid}/${request.id}/unread`)).toBe(1);
    expect(await adminGet(`inbox/${bob.uid}`)).toBeNull();
  });

  it('is refused on the directory, and a send with no mirror ever landing fails', async () => {
    const alice = await signUp('Alice');
    const bob = await signUp('Bob');
    reachesInstances(bob);
    await adminUpdate({ [`homes/${alice.uid}`]: 1 });
    // No mirror process: instance 1 never learns of the friendship.
    const request = await befriend(alice, bob);
    const sent = bob.conversations.direct.send(parties(request.id, bob, alice), 'lost?');
    await expect(sent.acked).rejects.toThrow(/permission/i);
    expect(await onInstance1('GET', `sendMessage/${request.id}`)).toBeNull();
  }, 30_000);

  it('mirrors a later block to the instance: the blocked friend can no longer send there', async () => {
    const alice = await signUp('Alice');
    const bob = await signUp('Bob');
    reachesInstances(bob);
    await adminUpdate({ [`homes/${alice.uid}`]: 1 });
    mirror = startMirror(directory(), () => instance1());
    const request = await befriend(alice, bob);
    await bob.conversations.direct.send(parties(request.id, bob, alice), 'one').acked;

    await alice.relationships.block({ ...request }, alice.uid);
    await mirror.idle();
    await expect.poll(() => onInstance1('GET', `friendList/${request.id}`)).toBeNull();
    const refused = bob.conversations.direct.send(parties(request.id, bob, alice), 'two');
    await expect(refused.acked).rejects.toThrow(/permission/i);
  });
});
