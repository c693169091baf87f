// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { ConversationKey } from '../../conversation-key';
import type { ConversationMessage } from './message';
import { makeOutbox, withHeld, type HeldSend } from './outbox';

const chat: ConversationKey = 'd:rel1';

const message = (id: string, text: string, createdAt = 1): ConversationMessage => ({
  id,
  text: text,
  senderId: 'alice',
  senderName: 'Alice',
  receiverId: 'bob',
  receiverName: 'Bob',
  createdAt,
});

/** A promise settled from outside. */
function later<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((yes, no) => ((resolve = yes), (reject = no)));
  return { promise, resolve, reject };
}

/** Lets the outbox's awaits run. */
const turns = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A send whose seals and writes are recorded in `log`; `seal`/`write` may be replaced. */
function sendOf(id: string, text: string, log: string[], over: Partial<HeldSend> = {}): HeldSend {
  return {
    id,
    conversation: chat,
    sender: 'alice',
    text,
    draw: (words) => message(id, words),
    seal: (words) => {
      log.push(`seal ${id} ${words}`);
      return Promise.resolve({ [id]: `sealed:${words}` });
    },
    write: (changes) => {
      log.push(`write ${id} ${String(changes[id])}`);
      return Promise.resolve();
    },
    ...over,
  };
}

const texts = (messages: ConversationMessage[]) => messages.map((m) => m.text);

describe('the outbox', () => {
  it('holds sends while offline, draws them, and writes them sealed in order once connected', async () => {
    const outbox = makeOutbox();
    const log: string[] = [];
    expect(outbox.holds()).toBe(true);
    let changes = 0;
    outbox.onChange(chat, () => (changes += 1));
    const first = outbox.hold(sendOf('m1', 'one', log));
    const second = outbox.hold(sendOf('m2', 'two', log));
    expect(texts(outbox.drawn(chat))).toEqual(['one', 'two']);
    expect(outbox.drawn('d:other')).toEqual([]);
    expect(changes).toBe(2);
    await turns();
    expect(log).toEqual([]);

    outbox.setConnected(true);
    await Promise.all([first, second]);
    expect(log).toEqual([
      'seal m1 one',
      'write m1 sealed:one',
      'seal m2 two',
      'write m2 sealed:two',
    ]);
    await turns();
    expect(outbox.drawn(chat)).toEqual([]);
    expect(outbox.holds()).toBe(false);
  });

  it('keeps holding new sends while older ones wait, so the order is kept', async () => {
    const outbox = makeOutbox();
    const log: string[] = [];
    const slow = later<Record<string, unknown>>();
    void outbox.hold(sendOf('m1', 'one', log, { seal: () => slow.promise }));
    outbox.setConnected(true);
    expect(outbox.holds()).toBe(true);
    const second = outbox.hold(sendOf('m2', 'two', log));
    await turns();
    expect(log).toEqual([]);
    slow.resolve({ m1: 'sealed:one' });
    await second;
    expect(log).toEqual(['write m1 sealed:one', 'seal m2 two', 'write m2 sealed:two']);
  });

  it('a rewrite changes what is drawn and what is sealed, even while sealing', async () => {
    const outbox = makeOutbox();
    const log: string[] = [];
    const sealing = [later<Record<string, unknown>>(), later<Record<string, unknown>>()];
    const seal = (words: string) => {
      log.push(`seal ${words}`);
      return sealing[log.length - 1]?.promise ?? Promise.reject(new Error('sealed too often'));
    };
    const sent = outbox.hold(sendOf('m1', 'statoin', log, { seal }));
    expect(outbox.rewrite('m1', 'station')).toBe(true);
    expect(texts(outbox.drawn(chat))).toEqual(['station']);
    outbox.setConnected(true);
    await turns();
    // Rewritten while its seal runs: that seal is dropped, the newest text sealed.
    expect(outbox.rewrite('m1', 'the station')).toBe(true);
    sealing[0].resolve({ m1: 'sealed:station' });
    await turns();
    sealing[1].resolve({ m1: 'sealed:the station' });
    await sent;
    expect(log).toEqual(['seal station', 'seal the station', 'write m1 sealed:the station']);
    // Written: no longer held, so an edit goes the usual way.
    expect(outbox.rewrite('m1', 'x')).toBe(false);
  });

  it('a withdrawn send is never sealed nor written, and is no longer drawn', async () => {
    const outbox = makeOutbox();
    const log: string[] = [];
    const sent = outbox.hold(sendOf('m1', 'wrong person', log));
    const kept = outbox.hold(sendOf('m2', 'hello', log));
    const left = outbox.react('m1', '👍', 'alice', true);
    expect(outbox.withdraw('m1')).toBe(true);
    await expect(sent).resolves.toBeUndefined();
    await expect(left).resolves.toBe(false);
    expect(texts(outbox.drawn(chat))).toEqual(['hello']);
    expect(outbox.withdraw('m1')).toBe(false);
    outbox.setConnected(true);
    await kept;
    expect(log).toEqual(['seal m2 hello', 'write m2 sealed:hello']);
  });

  it('a send withdrawn while it is being sealed is not written', async () => {
    const outbox = makeOutbox();
    const log: string[] = [];
    const slow = later<Record<string, unknown>>();
    const sent = outbox.hold(sendOf('m1', 'oops', log, { seal: () => slow.promise }));
    outbox.setConnected(true);
    await turns();
    expect(outbox.withdraw('m1')).toBe(true);
    slow.resolve({ m1: 'sealed:oops' });
    await sent;
    await turns();
    expect(log).toEqual([]);
    expect(outbox.holds()).toBe(false);
  });

  it('stays drawn until written and settled; a refusal rejects and undraws it', async () => {
    const outbox = makeOutbox();
    const log: string[] = [];
    const answer = later<undefined>();
    const sent = outbox.hold(sendOf('m1', 'hi', log, { write: () => answer.promise }));
    const left = outbox.react('m1', '👍', 'alice', true);
    outbox.setConnected(true);
    await expect(left).resolves.toBe(true);
    expect(texts(outbox.drawn(chat))).toEqual(['hi']);
    answer.reject(new Error('PERMISSION_DENIED'));
    await expect(sent).rejects.toThrow('PERMISSION_DENIED');
    await turns();
    expect(outbox.drawn(chat)).toEqual([]);
  });

  it('a seal failing offline is held again and sealed on the next connection', async () => {
    const outbox = makeOutbox();
    const log: string[] = [];
    let attempts = 0;
    const seal = (words: string) => {
      attempts += 1;
      if (attempts === 1) {
        outbox.setConnected(false);
        return Promise.reject(new Error('Client is offline'));
      }
      return Promise.resolve({ m1: `sealed:${words}` });
    };
    const sent = outbox.hold(sendOf('m1', 'hi', log, { seal }));
    outbox.setConnected(true);
    await turns();
    expect(texts(outbox.drawn(chat))).toEqual(['hi']);
    expect(log).toEqual([]);
    outbox.setConnected(true);
    await sent;
    expect(log).toEqual(['write m1 sealed:hi']);
  });

  it('a seal failing while connected rejects that send only', async () => {
    const outbox = makeOutbox();
    const log: string[] = [];
    const broken = () => Promise.reject(new Error('A photo to encrypt is not a webp'));
    const failed = outbox.hold(sendOf('m1', 'one', log, { seal: broken }));
    const next = outbox.hold(sendOf('m2', 'two', log));
    outbox.setConnected(true);
    await expect(failed).rejects.toThrow('not a webp');
    await next;
    expect(log).toEqual(['seal m2 two', 'write m2 sealed:two']);
  });

  it("draws and delivers only the signed-in person's sends", async () => {
    let me: string | undefined = 'alice';
    const outbox = makeOutbox(() => me);
    const log: string[] = [];
    const alices = outbox.hold(sendOf('m1', 'from alice', log));
    me = 'carol';
    expect(outbox.drawn(chat)).toEqual([]);
    const carols = outbox.hold(sendOf('m2', 'from carol', log, { sender: 'carol' }));
    outbox.setConnected(true);
    await Promise.all([alices, carols]);
    expect(log).toEqual(['seal m2 from carol', 'write m2 sealed:from carol']);
  });

  it('stops calling a listener once it unsubscribes', () => {
    const outbox = makeOutbox();
    let calls = 0;
    const stop = outbox.onChange(chat, () => (calls += 1));
    void outbox.hold(sendOf('m1', 'a', []));
    stop();
    void outbox.hold(sendOf('m2', 'b', []));
    expect(calls).toBe(1);
  });
});

describe('withHeld', () => {
  it('adds the held messages not stored yet after the stored ones, where they will land', () => {
    const stored = [message('a', 'stored', 5), message('c', 'written', 9)];
    const held = [message('c', 'held copy', 8), message('b', 'held', 7), message('d', 'next', 10)];
    expect(withHeld(stored, held).map((m) => `${m.id}:${m.text}@${m.createdAt}`)).toEqual([
      'a:stored@5',
      'c:written@9',
      'b:held@9',
      'd:next@10',
    ]);
    expect(withHeld(stored, [])).toBe(stored);
  });
});
