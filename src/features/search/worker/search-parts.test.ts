// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { docId, type SearchDoc } from './search-doc';
import { SearchIndex } from './search-engine';

const DAY = 86_400_000;
const now = Date.now();
const WORDS = ['climbing', 'gym', 'station', 'street', 'statue', 'café', 'coffee', 'tomorrow'];

/** Messages of 3 to 8 words drawn from WORDS (and a few others), one a day. */
function docs(count: number): SearchDoc[] {
  let seed = 7;
  const next = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
  return Array.from({ length: count }, (_, i) => {
    const words = Array.from({ length: 3 + Math.floor(next() * 6) }, () =>
      next() < 0.7 ? (WORDS[Math.floor(next() * WORDS.length)] ?? '') : 'other',
    );
    const messageId = `m${String(i).padStart(4, '0')}`;
    return {
      id: docId('d:rel1', messageId),
      conv: 'd:rel1',
      messageId,
      from: 'dave',
      fromName: 'Dave',
      at: now - (count - i) * DAY,
      text: words.join(' '),
      photo: false,
    };
  });
}

/** What a search answers, to compare: the hits in order, their scores and highlighted words. */
const answer = (index: SearchIndex, query: string) =>
  index.search(query).map((hit) => ({
    id: hit.doc.id,
    score: Number(hit.score.toPrecision(12)),
    snippet: hit.snippet,
  }));

describe('the query parts kept between key strokes', () => {
  it('answer every query typed key by key exactly as a cold search does', () => {
    const index = new SearchIndex();
    index.upsert(docs(150));
    for (const typed of [
      'climbing gym',
      'coffee tomorrow street',
      'statoin cafe',
      'gym "coffee tomorrow"',
    ]) {
      index.forgetParts();
      for (let end = 1; end <= typed.length; end++) {
        const query = typed.slice(0, end);
        const warm = answer(index, query);
        index.forgetParts();
        expect(warm, query).toEqual(answer(index, query));
        // Kept again for the next key, as typing leaves it.
        answer(index, query);
      }
    }
  }, 30_000);

  it('are forgotten when a message is added, edited or removed', () => {
    const index = new SearchIndex();
    const all = docs(50);
    index.upsert(all);
    const before = index.search('climbing').length;
    const added = { ...all[0], id: docId('d:rel1', 'new'), messageId: 'new', text: 'climbing' };
    index.upsert([added]);
    expect(index.search('climbing')).toHaveLength(before + 1);
    index.upsert([{ ...added, text: 'bouldering' }]);
    expect(index.search('climbing')).toHaveLength(before);
    expect(index.search('climbing gym').some((hit) => hit.doc.messageId === 'new')).toBe(false);
    index.remove([added.id]);
    expect(index.search('boulder')).toHaveLength(0);
  });
});
