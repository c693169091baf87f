// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { ConversationKey } from '../../conversation-key';
import type { ConversationMessage } from './message';
import { makeOutbox, type HeldSend } from './outbox';

const chat: ConversationKey = 'd:rel1';

/** A held send drawn with its quote (unless gone); its writes are recorded in `log`. */
function sendOf(id: string, log: string[], quotes?: string): HeldSend {
  const draw = (text: string, quoteGone: boolean): ConversationMessage => ({
    id,
    text: text,
    senderId: 'alice',
    senderName: 'Alice',
    receiverId: 'bob',
    receiverName: 'Bob',
    createdAt: 1,
    ...(quotes && !quoteGone ? { replyTo: quotes } : {}),
  });
  return {
    id,
    conversation: chat,
    sender: 'alice',
    text: id,
    ...(quotes ? { quotes } : {}),
    draw,
    seal: (text, quoteGone) => Promise.resolve({ [id]: draw(text, quoteGone) }),
    write: (changes) => {
      log.push(`write ${id} ${JSON.stringify(changes[id])}`);
      return Promise.resolve();
    },
  };
}

describe('reactions to a held message', () => {
  it('are drawn at once and written once the message is, the last toggle of each emoji', async () => {
    const outbox = makeOutbox();
    const log: string[] = [];
    const sent = outbox.hold(sendOf('m1', log));
    const thumb = outbox.react('m1', '👍', 'alice', true);
    const heart = outbox.react('m1', '❤️', 'alice', true);
    const heartBack = outbox.react('m1', '❤️', 'alice', false);
    expect(Object.keys(outbox.drawn(chat)[0].reactions ?? {})).toEqual(['👍']);
    expect(outbox.drawn(chat)[0].reactions?.['👍']?.alice).toEqual(expect.any(Number));
    outbox.setConnected(true);
    await sent;
    // Only the thumb is written: the heart was taken back before anything reached the server.
    expect(await Promise.all([thumb, heart, heartBack])).toEqual([true, false, false]);
    expect(outbox.react('m1', '😂', 'alice', true)).toBeNull();
  });

  it('a reaction to a message withdrawn meanwhile is never written', async () => {
    const outbox = makeOutbox();
    const log: string[] = [];
    void outbox.hold(sendOf('m1', log));
    const reaction = outbox.react('m1', '👍', 'alice', true);
    outbox.withdraw('m1');
    await expect(reaction).resolves.toBe(false);
  });
});

describe('a held reply whose quoted message is withdrawn', () => {
  it('is drawn and written without its quote', async () => {
    const outbox = makeOutbox();
    const log: string[] = [];
    void outbox.hold(sendOf('m1', log));
    const reply = outbox.hold(sendOf('m2', log, 'm1'));
    expect(outbox.drawn(chat).map((m) => m.replyTo)).toEqual([undefined, 'm1']);
    outbox.withdraw('m1');
    expect(outbox.drawn(chat).map((m) => [m.id, m.replyTo])).toEqual([['m2', undefined]]);
    outbox.setConnected(true);
    await reply;
    expect(log).toEqual([expect.not.stringContaining('replyTo')]);
    expect(log).toEqual([expect.stringContaining('"id":"m2"')]);
  });

  it('keeps its quote when another message is withdrawn', async () => {
    const outbox = makeOutbox();
    const log: string[] = [];
    void outbox.hold(sendOf('m1', log));
    void outbox.hold(sendOf('m0', log));
    const reply = outbox.hold(sendOf('m2', log, 'm1'));
    outbox.withdraw('m0');
    outbox.setConnected(true);
    await reply;
    expect(log.at(-1)).toContain('"replyTo":"m1"');
  });
});
