// @vitest-environment node
/**
 * The associated data of a message's seal: v2 binds what the message shows beyond its words, v1
 * (messages stored before) still opens, and neither passes for the other.
 */
import { describe, expect, it } from 'vitest';
import { messageContext, readTimedText, timedText } from './message-seal';
import { createContentKey, sealText } from './sealed-box';
import { isSealed, openValue, parseSealed, sealValue, sealVersionOf } from './sealed-value';

const epoch = '-Nepoch0000000000001';
const at = { conversation: 'd:rel-1' as const, messageId: '-Nm1', sender: 'alice' };
const keyOf = (key: CryptoKey) => () => Promise.resolve(key);
const meta = JSON.stringify([['text'], '-Nm0', false, []]);

describe('the associated data of a message seal', () => {
  it('pins both formats', () => {
    const place = { ...at, epoch };
    expect(messageContext(1, place, 'text')).toBe(`chatty/msg|d:rel-1|-Nm1|alice|${epoch}|text`);
    // v1 sealed an edit as the text and a quote as a preview, and had no tombstones.
    expect(messageContext(1, place, 'edit')).toBe(messageContext(1, place, 'text'));
    expect(messageContext(1, place, 'quote')).toBe(messageContext(1, place, 'preview'));
    expect(messageContext(1, place, 'tombstone')).toBeNull();
    expect(messageContext(2, place, 'edit', meta)).toBe(
      `chatty/msg/v2["d:rel-1","-Nm1","alice","${epoch}","edit",${JSON.stringify(meta)}]`,
    );
  });

  it('seals new values as v2, which open only with the same field and meta', async () => {
    const { key } = await createContentKey();
    const sealed = await sealValue(key, epoch, at, 'text', 'see you at 8?', meta);
    expect(sealed.startsWith('s2.')).toBe(true);
    expect(parseSealed(sealed)?.version).toBe(2);
    expect(await openValue(sealed, keyOf(key), at, 'text', meta)).toBe('see you at 8?');
    const otherReply = JSON.stringify([['text'], '-Nm9', false, []]);
    for (const [field, bound] of [
      ['text', otherReply],
      ['text', ''],
      ['edit', meta],
    ] as const) {
      await expect(openValue(sealed, keyOf(key), at, field, bound)).rejects.toMatchObject({
        reason: 'failed',
      });
    }
    // Called v1 (the database rewrote its prefix), it does not open either.
    const downgraded = `s1.${sealed.slice(3)}`;
    await expect(openValue(downgraded, keyOf(key), at, 'text', meta)).rejects.toMatchObject({
      reason: 'failed',
    });
  });

  it('still opens a v1 value, whatever meta the reader has, and says it is v1', async () => {
    const { key } = await createContentKey();
    const place = { ...at, epoch };
    const envelope = await sealText(key, 'from before', messageContext(1, place, 'text') ?? '');
    const stored = `s1.${epoch}.${envelope}`;
    expect(isSealed(stored)).toBe(true);
    expect(sealVersionOf(stored)).toBe(1);
    expect(await openValue(stored, keyOf(key), at, 'text', meta)).toBe('from before');
    // Its edits were sealed as the text too, and a v1 tombstone does not exist.
    expect(await openValue(stored, keyOf(key), at, 'edit')).toBe('from before');
    await expect(openValue(stored, keyOf(key), at, 'tombstone')).rejects.toMatchObject({
      reason: 'failed',
    });
  });
});

describe('timed words', () => {
  it('round-trip the times, words with bars included', () => {
    expect(readTimedText(timedText([1_700_000_000_123.4], 'a|b'))).toEqual({
      times: [1_700_000_000_123],
      text: 'a|b',
    });
    expect(readTimedText(timedText([2, 1], ''))).toEqual({ times: [2, 1], text: '' });
  });

  it('refuse anything else', () => {
    for (const bad of ['', 'hello', '|x', 'x|y', '1,|x', '-1|x', '1234567890123456|x']) {
      expect(readTimedText(bad)).toBeNull();
    }
  });
});
