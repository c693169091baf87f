// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { ConversationKey } from '../../../lib/conversation-key';
import { docId, type SearchDoc } from './search-doc';
import { SearchIndex, transpositionsOf, type SearchIndexData } from './search-engine';

const DAY = 86_400_000;
const now = Date.now();
let seq = 0;

function doc(text: string, more: Partial<SearchDoc> = {}): SearchDoc {
  const conv: ConversationKey = more.conv ?? 'd:rel1';
  const messageId = more.messageId ?? `m${String(seq++).padStart(4, '0')}`;
  return {
    id: docId(conv, messageId),
    conv,
    messageId,
    from: 'dave',
    fromName: 'Dave',
    at: now - DAY,
    text,
    photo: false,
    ...more,
  };
}

const texts = (index: SearchIndex, query: string, filters = {}) =>
  index.search(query, filters).map((hit) => hit.doc.text);

describe('search matching', () => {
  it('finds words by their beginning', () => {
    const index = new SearchIndex();
    index.upsert([doc('Meet me at the station'), doc('The statue is closed'), doc('Bye')]);
    expect(texts(index, 'stat').sort()).toEqual(['Meet me at the station', 'The statue is closed']);
    expect(texts(index, 'bye')).toEqual(['Bye']);
    expect(texts(index, 'zzz')).toEqual([]);
  });

  it('forgives one typo in words of five letters or more, not in shorter ones', () => {
    const index = new SearchIndex();
    index.upsert([doc('The climbing gym address'), doc('A red cat')]);
    expect(texts(index, 'climbimg')).toEqual(['The climbing gym address']);
    expect(texts(index, 'adress')).toEqual(['The climbing gym address']);
    // Two typos are too many.
    expect(texts(index, 'clinbimg')).toEqual([]);
    // 'cot' is 'cat' with one letter changed, but it is shorter than five letters.
    expect(texts(index, 'cot')).toEqual([]);
  });

  it('forgives two neighbouring letters swapped as one typo, from five letters', () => {
    const index = new SearchIndex();
    index.upsert([
      doc('Meet me at the station', { at: now - 2 * DAY }),
      doc('Café Crème on the corner'),
      doc('A red cat'),
      doc('我们明天在攀岩馆见面'),
    ]);
    expect(texts(index, 'statoin')).toEqual(['Meet me at the station']);
    expect(texts(index, 'tsation')).toEqual(['Meet me at the station']);
    // As it is typed: the swapped spelling matches by prefix too.
    expect(texts(index, 'statoi')).toEqual(['Meet me at the station']);
    // Accents and case are dropped before letters are swapped.
    expect(texts(index, 'CRÈEM')).toEqual(['Café Crème on the corner']);
    // A swap and another typo are two.
    expect(texts(index, 'statoim')).toEqual([]);
    // Two swaps are two typos.
    expect(texts(index, 'tsatoin')).toEqual([]);
    // Shorter than five letters: 'cta' is no 'cat'.
    expect(texts(index, 'cta')).toEqual([]);
    expect(texts(index, 'meet statoin')).toEqual(['Meet me at the station']);
    // Phrases stay word for word.
    expect(texts(index, '"the statoin"')).toEqual([]);
  });

  it('ranks a swapped spelling like a typo: below the word spelled right', () => {
    const index = new SearchIndex();
    // 'trial' is 'trail' with two neighbours swapped; the older message spells the query.
    index.upsert([
      doc('the trial ends', { at: now }),
      doc('the trail ends', { at: now - 3 * DAY }),
    ]);
    expect(texts(index, 'trail')).toEqual(['the trail ends', 'the trial ends']);
    const [hit] = index.search('statoin');
    expect(hit).toBeUndefined();
    index.upsert([doc('station at noon')]);
    const [found] = index.search('statoin');
    expect(found.snippet.filter((part) => part.hit).map((part) => part.text)).toEqual(['station']);
  });

  it('lists the spellings with neighbours swapped, code points kept whole', () => {
    expect(transpositionsOf('abcd').sort()).toEqual(['abdc', 'acbd', 'bacd']);
    // The same letter twice swaps into itself: left out.
    expect(transpositionsOf('letter').sort()).toEqual(['eltter', 'letetr', 'lettre', 'lteter']);
    expect(transpositionsOf('a😀b')).toEqual(['😀ab', 'ab😀']);
  });

  it('ignores case and accents both ways', () => {
    const index = new SearchIndex();
    index.upsert([doc('Café au lait at NOON'), doc('naive plan')]);
    expect(texts(index, 'cafe')).toEqual(['Café au lait at NOON']);
    expect(texts(index, 'CAFÉ noon')).toEqual(['Café au lait at NOON']);
    expect(texts(index, 'naïve')).toEqual(['naive plan']);
  });

  it('finds Chinese, Japanese and Korean text by word', () => {
    const index = new SearchIndex();
    index.upsert([
      doc('我们明天在攀岩馆见面'),
      doc('東京駅で待ち合わせしましょう'),
      doc('내일 암벽 등반장에서 만나요'),
    ]);
    expect(texts(index, '见面')).toEqual(['我们明天在攀岩馆见面']);
    expect(texts(index, '明天')).toEqual(['我们明天在攀岩馆见面']);
    expect(texts(index, '東京')).toEqual(['東京駅で待ち合わせしましょう']);
    expect(texts(index, '待ち合わせ')).toEqual(['東京駅で待ち合わせしましょう']);
    expect(texts(index, '암벽')).toEqual(['내일 암벽 등반장에서 만나요']);
    expect(texts(index, '등반장')).toEqual(['내일 암벽 등반장에서 만나요']);
    expect(texts(index, '北京')).toEqual([]);
  });

  it('matches quoted phrases word for word and in order', () => {
    const index = new SearchIndex();
    index.upsert([doc('the climbing gym is on Main street'), doc('gym climbing is fun')]);
    expect(texts(index, '"climbing gym"')).toEqual(['the climbing gym is on Main street']);
    expect(texts(index, 'climbing gym').sort()).toEqual([
      'gym climbing is fun',
      'the climbing gym is on Main street',
    ]);
    expect(texts(index, '"gym climbing" fun')).toEqual(['gym climbing is fun']);
  });

  it('requires every loose word', () => {
    const index = new SearchIndex();
    index.upsert([doc('climbing gym'), doc('climbing wall')]);
    expect(texts(index, 'climbing gym')).toEqual(['climbing gym']);
  });

  it('filters by conversation, sender, photos and dates', () => {
    const index = new SearchIndex();
    index.upsert([
      doc('gym one', { conv: 'd:a', from: 'dave', at: now - 10 * DAY }),
      doc('gym two', { conv: 'g:b', from: 'carol', at: now - 5 * DAY }),
      doc('gym three', { conv: 'd:a', from: 'carol', photo: true, at: now - DAY }),
    ]);
    expect(texts(index, 'gym', { conv: 'd:a' }).sort()).toEqual(['gym one', 'gym three']);
    expect(texts(index, 'gym', { from: 'carol' }).sort()).toEqual(['gym three', 'gym two']);
    expect(texts(index, 'gym', { photos: true })).toEqual(['gym three']);
    expect(texts(index, 'gym', { after: now - 6 * DAY, before: now - 2 * DAY })).toEqual([
      'gym two',
    ]);
  });

  it('ranks whole words above longer words, and newer above older', () => {
    const index = new SearchIndex();
    index.upsert([doc('the stations', { at: now }), doc('the station', { at: now - 2 * DAY })]);
    expect(texts(index, 'station')).toEqual(['the station', 'the stations']);
    const dated = new SearchIndex();
    dated.upsert([
      doc('lunch today', { at: now - 300 * DAY }),
      doc('lunch today', { at: now - DAY }),
    ]);
    const [first, second] = dated.search('lunch');
    expect(first.doc.at).toBeGreaterThan(second.doc.at);
  });

  it('follows edits and deletions, and drops a whole conversation', () => {
    const index = new SearchIndex();
    const original = doc('see you at the station', { conv: 'g:left' });
    index.upsert([original, doc('station two', { conv: 'd:kept' })]);
    index.upsert([{ ...original, text: 'see you at the harbour' }]);
    expect(texts(index, 'station')).toEqual(['station two']);
    expect(texts(index, 'harbour')).toEqual(['see you at the harbour']);
    index.dropConversation('g:left');
    expect(texts(index, 'harbour')).toEqual([]);
    const [kept] = index.search('station');
    index.remove([kept.doc.id]);
    expect(index.size).toBe(0);
  });

  it('marks the matching words in a snippet around the first match', () => {
    const index = new SearchIndex();
    const long = `${'word '.repeat(40)}the Café on Station road ${'more '.repeat(60)}`;
    index.upsert([doc(long)]);
    const [hit] = index.search('cafe stat');
    expect(hit.snippet.filter((part) => part.hit).map((part) => part.text)).toEqual([
      'Café',
      'Station',
    ]);
    const shown = hit.snippet.map((part) => part.text).join('');
    expect(shown.startsWith('…')).toBe(true);
    expect(shown.endsWith('…')).toBe(true);
    expect(shown.length).toBeLessThan(200);
  });

  it('survives a round trip through its saved form', () => {
    const index = new SearchIndex();
    index.upsert([doc('climbing gym address', { conv: 'g:x' })]);
    const copy = new SearchIndex(JSON.parse(JSON.stringify(index.toData())) as SearchIndexData);
    expect(texts(copy, 'climb')).toEqual(['climbing gym address']);
    copy.dropConversation('g:x');
    expect(copy.size).toBe(0);
  });

  it('lists a conversation’s matches oldest first for Find in conversation', () => {
    const index = new SearchIndex();
    index.upsert([
      doc('gym b', { at: now - DAY }),
      doc('gym a', { at: now - 3 * DAY }),
      doc('gym other', { conv: 'g:z' }),
    ]);
    expect(index.findIn('d:rel1', 'gym').hits.map((hit) => hit.doc.text)).toEqual([
      'gym a',
      'gym b',
    ]);
  });

  it('counts every match in a conversation but hands over only the newest 200', () => {
    const index = new SearchIndex();
    index.upsert(
      Array.from({ length: 250 }, (_, i) =>
        doc(`gym visit ${String(i)}`, { at: now - (250 - i) * 60_000 }),
      ),
    );
    index.upsert([doc('gym elsewhere', { conv: 'g:z' })]);
    const found = index.findIn('d:rel1', 'gym');
    expect(found.total).toBe(250);
    expect(found.hits).toHaveLength(200);
    expect(found.hits[0]?.doc.text).toBe('gym visit 50');
    expect(found.hits.at(-1)?.doc.text).toBe('gym visit 249');
  });

  it('checks a one-letter word being typed beside others on the candidates: word starts only', () => {
    const index = new SearchIndex();
    index.upsert([
      doc('coffee tomorrow?'),
      doc('coffee at the station'),
      doc('coffee, latte'),
      doc('喫茶店で会いましょう 東京駅'),
    ]);
    expect(texts(index, 'coffee t').sort()).toEqual(['coffee at the station', 'coffee tomorrow?']);
    // 'latte' holds a 't' but no word starts with one.
    expect(texts(index, 'coffee l')).toEqual(['coffee, latte']);
    expect(texts(index, 'coffee x')).toEqual([]);
    expect(texts(index, '東京 会')).toEqual(['喫茶店で会いましょう 東京駅']);
  });

  it('matches phrase words whole and in order, and a typo or a prefix not at all', () => {
    const index = new SearchIndex();
    index.upsert([
      doc('the climbing gym opens at nine'),
      doc('gym climbing is fun'),
      doc('the climbing gyms opens later'),
    ]);
    expect(texts(index, '"climbing gym"')).toEqual(['the climbing gym opens at nine']);
    expect(texts(index, '"climbin gym"')).toEqual([]);
    expect(texts(index, '"climbing gym" nine')).toEqual(['the climbing gym opens at nine']);
  });
});
