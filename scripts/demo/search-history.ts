/**
 * Older history for every demo friendship, so message search has something to find
 * on the first start: weeks of everyday lines with a few worth looking for, e.g. the climbing
 * gym's address that Bob sent Alice three weeks ago ('quarry', 'Quarry Lane', a typo like
 * 'quary'), a café with an accent ('cafe'), a meeting place in Japanese ('東京'). It comes
 * before each conversation's demo lines, so their unread counts, previews and read markers
 * stay; a friendship with no demo conversation gets the inbox entries and read markers the
 * app's sends would have written (everything read).
 */
import { previewOf } from '../../src/lib/firebase/inbox/entry';
import { messageRecord } from '../seed-records';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface Person {
  uid: string;
  username: string;
}

type Fields = Record<string, unknown>;

/** Everyday lines, picked in turn with a deterministic shuffle. */
const everyday = [
  'Morning! Did you sleep well?',
  'Running ten minutes late, sorry',
  'Can you send me the photos from Sunday?',
  'Lunch at the usual place?',
  'I just finished the book you lent me',
  'Traffic is terrible today',
  'Happy Friday 🎉',
  'Do you still have the charger I left at yours?',
  'The train was cancelled again',
  'That sounds great, count me in',
  'What time does the match start?',
  'I found a recipe for the lemon cake',
  'Remind me to call the landlord tomorrow',
  'Weather looks good for the weekend',
  'Are we still on for dinner on Thursday?',
  'Thanks for yesterday, it was fun',
  'I booked the tickets for the museum',
  'My phone battery is almost dead',
  'Did you see the news about the bridge?',
  'Let me check my calendar and get back to you',
  'The meeting moved to 3 pm',
  'Ok, see you at the station',
  'Can you pick up some bread on the way?',
  'I think I left my umbrella in your car',
  'Good luck with the presentation!',
  'Just landed, will text when I am home',
  'The new bakery on the corner is really good',
  'Happy birthday!! 🎂',
  'I am at the library until six',
  'Movie night at mine on Saturday?',
];

/** Lines worth searching for, by how many days ago they were written. */
const memorable: Array<{ daysAgo: number; text: string }> = [
  {
    daysAgo: 21,
    text: 'The climbing gym is at 42 Quarry Lane, ask for Dave at the front desk',
  },
  { daysAgo: 17, text: 'Let’s meet at Café Lumière, 5 Rue des Fleurs, at 10' },
  { daysAgo: 12, text: '東京駅の丸の内北口で待ち合わせしましょう' },
  { daysAgo: 9, text: 'The wifi password for the cabin is "pinecone-4782"' },
  { daysAgo: 30, text: 'Dentist appointment moved to March 14, 9:30 at Harbour Street clinic' },
];

/** Messages per friendship: the first demo friendship (Alice and Bob) gets the long one. */
const LONG = 1500;
const SHORT = 200;
/** The history spans this many days before each conversation's first demo line. */
const SPAN_DAYS = 45;

/** A deterministic pseudo-random sequence (the demo is the same on every start). */
function sequence(seed: number) {
  let state = seed;
  return () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

/**
 * The history of every friendship `conversationIds` names (conversationId to its two people), written before the
 * oldest message `data` already holds for it (or two days ago).
 */
export function demoSearchHistory(
  data: Fields,
  friendships: Array<{ conversationId: string; people: [Person, Person] }>,
  now: number,
  nextId: (time: number) => string,
): Fields {
  const out: Fields = {};
  const oldest = new Map<string, number>();
  for (const [key, value] of Object.entries(data)) {
    const match = /^sendMessage\/([^/]+)\/[^/]+$/.exec(key);
    if (!match) continue;
    const at = (value as { createdAt: number }).createdAt;
    oldest.set(match[1], Math.min(at, oldest.get(match[1]) ?? at));
  }
  friendships.forEach(({ conversationId, people }, index) => {
    const random = sequence(index + 7);
    const count = index === 0 ? LONG : SHORT;
    const existing = oldest.get(conversationId);
    const end = (existing ?? now - 2 * DAY) - HOUR;
    const start = end - SPAN_DAYS * DAY;
    const lines = Array.from({ length: count }, (_, i) => ({
      at: Math.round(start + ((end - start) * i) / count + random() * HOUR),
      text: everyday[Math.floor(random() * everyday.length)] ?? '',
      speaker: random() < 0.5 ? 0 : 1,
    }));
    // The memorable lines replace the everyday line nearest their day: all of them in the
    // first friendship, one each in the others.
    const worth = index === 0 ? memorable : [memorable[index % memorable.length]];
    for (const line of worth) {
      const at = now - line.daysAgo * DAY;
      if (at < start || at > end) continue;
      const slot = Math.round(((at - start) / (end - start)) * (count - 1));
      Object.assign(lines[slot], { text: line.text, speaker: 1 });
    }
    let last: { id: string; at: number; text: string; from: Person } | null = null;
    for (const { at, text, speaker } of lines) {
      const from = people[speaker === 0 ? 0 : 1];
      const to = people[speaker === 0 ? 1 : 0];
      const id = nextId(at);
      out[`sendMessage/${conversationId}/${id}`] = messageRecord(from, to, text, at);
      last = { id, at, text, from };
    }
    if (existing !== undefined || !last) return;
    // No demo conversation after it: the entries a send leaves, everything read.
    for (const person of people) {
      out[`inbox/${person.uid}/${conversationId}`] = {
        unread: 0,
        lastMessageId: last.id,
        lastSenderId: last.from.uid,
        lastText: previewOf(last.text),
        lastKind: 'text',
        lastAt: last.at,
      };
      out[`reads/${conversationId}/${person.uid}`] = { at: last.at, messageId: last.id };
    }
  });
  return out;
}
