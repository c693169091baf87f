// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { splitLinks } from './linkify';
import { checkLength, COUNTER_FROM_REMAINING } from '../composer/message-limit';

const links = (text: string) =>
  splitLinks(text).flatMap((p) => (p.kind === 'link' ? [p.href] : []));
const joined = (text: string) =>
  splitLinks(text)
    .map((p) => p.text)
    .join('');

describe('splitLinks', () => {
  it('finds http and https addresses and keeps the text around them', () => {
    const text = 'See https://example.com/a?b=1#c and http://x.org, then\nnothing else';
    expect(links(text)).toEqual(['https://example.com/a?b=1#c', 'http://x.org/']);
    expect(joined(text)).toBe(text);
    expect(splitLinks(text)[0]).toEqual({ kind: 'text', text: 'See ' });
  });

  it('leaves sentence punctuation out of the address, keeping balanced brackets', () => {
    expect(links('Look: https://example.com/page.')).toEqual(['https://example.com/page']);
    expect(links('(see https://example.com)')).toEqual(['https://example.com/']);
    expect(links('https://en.wikipedia.org/wiki/Chat_(software)')).toEqual([
      'https://en.wikipedia.org/wiki/Chat_(software)',
    ]);
  });

  it('keeps every other scheme as plain text', () => {
    for (const text of [
      'javascript:alert(1)',
      'click javascript:alert(document.cookie)//https',
      'data:text/html,<script>alert(1)</script>',
      'ftp://files.example.com',
      'file:///etc/passwd',
      'xhttps://example.com',
      'https://',
    ]) {
      expect(links(text)).toEqual([]);
      expect(joined(text)).toBe(text);
    }
  });
});

describe('checkLength', () => {
  it('shows the counter only near the limit and counts what would be sent', () => {
    expect(checkLength('hello', 4000)).toEqual({ length: 5, showCounter: false, over: 0 });
    const near = 'a'.repeat(4000 - COUNTER_FROM_REMAINING);
    expect(checkLength(`  ${near}  `, 4000)).toEqual({
      length: near.length,
      showCounter: true,
      over: 0,
    });
    expect(checkLength('a'.repeat(4000), 4000).over).toBe(0);
    expect(checkLength('a'.repeat(5000), 4000)).toEqual({
      length: 5000,
      showCounter: true,
      over: 1000,
    });
  });
});
