/**
 * The chat text section 11 of `npm run bench` indexes (search.ts): deterministic, with words in
 * the proportions of real conversations, and the words its queries look for among them.
 */
import { docId, type SearchDoc } from '../../src/features/search/worker/search-doc';

const WORDS = [
  'meet',
  'station',
  'climbing',
  'gym',
  'address',
  'tomorrow',
  'coffee',
  'café',
  'lunch',
  'harbour',
  'street',
  'train',
  'ticket',
  'birthday',
  'party',
  'photo',
  'weekend',
  'holiday',
  'mountain',
  'river',
  'dinner',
  'morning',
  'evening',
  'project',
  'meeting',
  'deadline',
  '東京',
  '駅',
  '待ち合わせ',
  '明天',
  '见面',
  '攀岩',
  '내일',
  '만나요',
];

/**
 * Deterministic pseudo-random chat text: words drawn from a 20,000-word vocabulary with Zipf's
 * law (a few words very common, most rare), as in real conversations; the words above sit at
 * ranks 20 to 20 + their count, so queries for them meet large result sets.
 */
export function benchMessages(count: number): SearchDoc[] {
  let seed = 42;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const vocabulary = Array.from({ length: 20_000 }, (_, rank) => {
    const known = rank >= 20 && rank - 20 < WORDS.length;
    return known ? WORDS[rank - 20] : Math.floor(next() * 36 ** 5).toString(36);
  });
  // Zipf: the cumulative weights of 1/rank, searched by bisection.
  const cumulative: number[] = [];
  vocabulary.reduce((sum, _w, rank) => {
    cumulative.push(sum + 1 / (rank + 1));
    return sum + 1 / (rank + 1);
  }, 0);
  const total = cumulative.at(-1) ?? 1;
  const word = () => {
    const target = next() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] ?? 0) < target) lo = mid + 1;
      else hi = mid;
    }
    return vocabulary[lo] ?? 'x';
  };
  const now = Date.now();
  return Array.from({ length: count }, (_, i) => {
    const length = 4 + Math.floor(next() * 16);
    const words = Array.from({ length }, word);
    const conv = i % 20 < 15 ? `d:rel${String(i % 15)}` : `g:grp${String(i % 5)}`;
    const id = `m${String(i).padStart(7, '0')}`;
    return {
      id: docId(conv as `d:${string}`, id),
      conv: conv as `d:${string}`,
      messageId: id,
      from: `u${String(i % 7)}`,
      fromName: `User ${String(i % 7)}`,
      at: now - (count - i) * 60_000,
      text: words.join(' '),
      photo: i % 50 === 0,
    };
  });
}
