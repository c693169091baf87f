import { expect, it } from 'vitest';
import { dbRest, type AdminTarget } from '../../scripts/stack/admin';
import {
  directSendWrite,
  type ServerValues,
} from '../../src/lib/firebase/conversations/send-write';
import { conversationsStrings } from '../../src/features/conversations/conversations-strings';
import { inboxStrings } from '../../src/features/inbox/inbox-strings';
import { shellStrings } from '../../src/app/shell/shell-strings';
import { spec } from '../../src/strings/spec';
import {
  adminGet,
  adminUpdate,
  browserPerSuite,
  describeBrowser,
  shot,
  getBackend,
} from '../support/browser';
import { SIDE_UNREAD } from '../support/side-conversations';
import { twoInstancesPerSuite } from '../support/two-instances';
import { befriend, createPerson, loginPage, row } from './app-home-steps';
import { chat, openFriend, openMessages, typeAndSend } from '../support/conversation-steps';

const WITH_BOB = '-Ne2eTwoInstAliceBob1';
const WITH_CAROL = '-Ne2eTwoInstCarolAli1';

type Named = { uid: string; username: string };

/** A message as `from`'s client writes it (with both inbox entries), by an admin on `target`. */
async function writeAs(target: AdminTarget, conversationId: string, from: Named, to: Named) {
  // The admin writes plain values where a client sends server values (time, increment).
  const plain = { now: Date.now(), plusOne: 1 } as unknown as ServerValues;
  const text = `Hello ${to.username}, ${from.username} here`;
  const id = `-Ne2eTwoInstMsg${from.username.padEnd(5, '0')}`;
  const write = directSendWrite(
    {
      conversationId,
      from: { uid: from.uid, name: from.username },
      to: { uid: to.uid, name: to.username },
    },
    id,
    text,
    plain,
  );
  await dbRest(target, 'PATCH', '/', write);
  return text;
}

describeBrowser('Alice’s conversations on two database instances', () => {
  const browser = browserPerSuite({ resetBackend: true });
  const instance1 = twoInstancesPerSuite();
  const onInstance1 = (path: string) => dbRest(instance1(), 'GET', path);
  /** How many messages of `conversationId` on `target` `uid` sent (their texts are sealed). */
  const sentBy = async (target: AdminTarget, conversationId: string, uid: string) => {
    const messages = (await dbRest(target, 'GET', `sendMessage/${conversationId}`)) as Record<
      string,
      { messagesenderId?: string }
    > | null;
    return Object.values(messages ?? {}).filter((m) => m.messagesenderId === uid).length;
  };

  /** Alice and Bob at home on 0, Carol on 1; each friendship placed on its sender's home. */
  async function threeFriends() {
    const alice = await createPerson('Alice');
    const bob = await createPerson('Bob');
    const carol = await createPerson('Carol');
    await adminUpdate({ [`homes/${alice.uid}`]: 0, [`homes/${bob.uid}`]: 0 });
    await adminUpdate({ [`homes/${carol.uid}`]: 1 });
    await befriend(WITH_BOB, alice, bob);
    await befriend(WITH_CAROL, carol, alice);
    await adminUpdate({
      [`placement/direct/${WITH_BOB}`]: { instance: 0, state: 'live' },
      [`placement/direct/${WITH_CAROL}`]: { instance: 1, state: 'live' },
    });
    // The mirror process copies Carol's friendship to instance 1, whose rules read it there.
    await expect
      .poll(() => onInstance1(`friendList/${WITH_CAROL}`), { timeout: 15_000 })
      .not.toBeNull();
    return { alice, bob, carol };
  }

  it('sends and receives with Bob on instance 0 and with Carol on instance 1', async () => {
    const { alice, bob, carol } = await threeFriends();
    const fromBob = await writeAs(getBackend(), WITH_BOB, bob, alice);
    const [a, c] = await Promise.all([
      loginPage(browser(), alice.email),
      loginPage(browser(), carol.email),
    ]);
    await Promise.all([openMessages(a), openMessages(c)]);

    // Carol writes from her browser: the message is stored on instance 1 only.
    await openFriend(c, 'Alice');
    await typeAndSend(c, 'Hi Alice, Carol here');
    await chat(c).getByText(conversationsStrings.inbox.sent, { exact: true }).waitFor();
    expect(await sentBy(instance1(), WITH_CAROL, carol.uid)).toBe(1);
    expect(await adminGet(`sendMessage/${WITH_CAROL}`)).toBeNull();

    // Alice reads it and answers there; Carol sees the answer live.
    await openFriend(a, 'Carol');
    await chat(a).getByText('Hi Alice, Carol here').waitFor();
    await typeAndSend(a, 'Hi Carol!');
    await chat(c).getByText('Hi Carol!').waitFor();
    expect(await sentBy(instance1(), WITH_CAROL, alice.uid)).toBe(1);

    // Bob's conversation is on the directory: Alice reads his message and answers there.
    await openFriend(a, 'Bob');
    await chat(a).getByText(fromBob).waitFor();
    await typeAndSend(a, 'Hi Bob!');
    await chat(a).getByText(conversationsStrings.inbox.sent, { exact: true }).waitFor();
    expect(await sentBy(getBackend(), WITH_BOB, alice.uid)).toBe(1);
    expect(await onInstance1(`sendMessage/${WITH_BOB}`)).toBeNull();
    expect(await onInstance1(`inbox/${bob.uid}/${WITH_BOB}`)).toBeNull();
  });

  /** Bob's message on 0 and Carol's on 1 written; Alice signed in, on the messages screen. */
  async function aliceWithNews() {
    const { alice, bob, carol } = await threeFriends();
    const fromBob = await writeAs(getBackend(), WITH_BOB, bob, alice);
    const fromCarol = await writeAs(instance1(), WITH_CAROL, carol, alice);
    const a = await loginPage(browser(), alice.email);
    await openMessages(a);
    const rows = {
      bob: row(a, spec.panels.friendList, 'Bob'),
      carol: row(a, spec.panels.friendList, 'Carol'),
    };
    const nav = a.getByRole('navigation', { name: shellStrings.layout.mainNav });
    return { alice, a, fromBob, fromCarol, rows, nav };
  }

  it('lists both in Alice’s inbox (home 0) with their previews and unread counts', async () => {
    const { alice, a, fromBob, fromCarol, rows, nav } = await aliceWithNews();
    await rows.bob.getByText(fromBob, { exact: true }).waitFor();
    await rows.carol.getByText(fromCarol, { exact: true }).waitFor();
    await rows.bob.getByText(inboxStrings.unread(1)).waitFor();
    await rows.carol.getByText(inboxStrings.unread(1)).waitFor();
    // With the message of her side conversation (tests/support/side-conversations.ts).
    await nav.getByText(inboxStrings.unread(2 + SIDE_UNREAD)).waitFor();
    await shot(a, 'instances-alice-inbox-1280');

    // Opening Carol's conversation reads it on instance 1.
    await openFriend(a, 'Carol');
    await chat(a).getByText(fromCarol).waitFor();
    await expect
      .poll(() => onInstance1(`inbox/${alice.uid}/${WITH_CAROL}/unread`), { timeout: 10_000 })
      .toBe(0);
  });

  // Her list reads that entry by looks: her read's own hint on her home asks for one.
  it('clears Carol’s badge in Alice’s list once she read it on instance 1', async () => {
    const { a, fromCarol, rows, nav } = await aliceWithNews();
    await nav.getByText(inboxStrings.unread(2 + SIDE_UNREAD)).waitFor();
    await openFriend(a, 'Carol');
    await chat(a).getByText(fromCarol).waitFor();
    await expect
      .poll(() => rows.carol.getByText(inboxStrings.unread(1)).count(), { timeout: 10_000 })
      .toBe(0);
    await nav.getByText(inboxStrings.unread(1 + SIDE_UNREAD)).waitFor();
  });
});
