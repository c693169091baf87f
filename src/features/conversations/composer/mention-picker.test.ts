// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  insertMention,
  matchMentionables,
  mentionQuery,
  mentionsInText,
  type Mentionable,
} from './mention-picker';

const carol = { uid: 'c', name: 'Carol Diaz' };
const cara = { uid: 'k', name: 'Cara' };
const bob = { uid: 'b', name: 'Bob' };
const people: Mentionable[] = [carol, bob, cara];

describe('mentionQuery', () => {
  it('follows an @ at the start or after a space, up to the caret', () => {
    expect(mentionQuery('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQuery('hi @Ca', 6)).toEqual({ start: 3, query: 'Ca' });
    expect(mentionQuery('hi\n@Carol D', 11)).toEqual({ start: 3, query: 'Carol D' });
    // The caret decides: text after it is not part of the query.
    expect(mentionQuery('hi @Carol there', 6)).toEqual({ start: 3, query: 'Ca' });
  });

  it('ignores an e-mail address, a line break after the @, and no @ at all', () => {
    expect(mentionQuery('mail bob@example.com', 20)).toBeNull();
    expect(mentionQuery('@Carol\nnext', 11)).toBeNull();
    expect(mentionQuery('hello', 5)).toBeNull();
    expect(mentionQuery(`@${'x'.repeat(41)}`, 42)).toBeNull();
  });
});

describe('matchMentionables', () => {
  it('matches the name or any of its words from their start, any case, by name', () => {
    expect(matchMentionables(people, '')).toEqual([bob, cara, carol]);
    expect(matchMentionables(people, 'ca')).toEqual([cara, carol]);
    expect(matchMentionables(people, 'DIA')).toEqual([carol]);
    expect(matchMentionables(people, 'carol d')).toEqual([carol]);
    expect(matchMentionables(people, 'arol')).toEqual([]);
  });
});

describe('insertMention', () => {
  it("replaces the query with '@Name ' and puts the caret after it", () => {
    expect(insertMention('hi @ca', 3, 6, carol)).toEqual({ text: 'hi @Carol Diaz ', caret: 15 });
    expect(insertMention('hi @ca see you', 3, 6, carol)).toEqual({
      text: 'hi @Carol Diaz see you',
      caret: 15,
    });
  });
});

describe('mentionsInText', () => {
  it('keeps the people picked whose @Name is still in the text and who are still members', () => {
    expect(mentionsInText('@Carol Diaz and @Bob look', [carol, bob], people)).toEqual(['c', 'b']);
    // Bob's name was deleted from the text after picking him.
    expect(mentionsInText('@Carol Diaz look', [carol, bob], people)).toEqual(['c']);
    // Carol left the group before the send: her name is plain text.
    expect(mentionsInText('@Carol Diaz look', [carol], [bob, cara])).toEqual([]);
    // Typed by hand without picking: plain text.
    expect(mentionsInText('@Bob hi', [], people)).toEqual([]);
  });
});
