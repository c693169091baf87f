/**
 * The demo conversations with what the app's sends would have written beside them: both
 * parties' inbox entries (unread counts right by construction) and read markers. The first demo
 * user (Alice) has unread messages from Bob and Carol and an older read conversation with Erin,
 * so the conversation list shows badges, previews, times and the ordering on the first start.
 */
import { previewOf } from '../../src/lib/firebase/inbox/entry';
import { messageRecord } from '../seed-records';
import { actionFields, entryReactions, type DemoActions, type SentLine } from './actions';

const MINUTE = 60_000;

interface Person {
  uid: string;
  username: string;
}

export interface DemoConversation {
  /** Indices into the demo users; speaker 0 is the first of them. */
  between: [number, number];
  /** How long ago the last line was written (one line every 7 minutes before it). */
  endsMinutesAgo: number;
  lines: Array<[0 | 1, string] | [0 | 1, string, DemoActions]>;
}

export const conversations: DemoConversation[] = [
  {
    between: [0, 1],
    endsMinutesAgo: 2,
    lines: [
      [1, 'Hey Alice! Are you coming on Saturday?'],
      [0, 'Hi Bob! Yes, wouldn’t miss it.'],
      [1, 'Great. We meet at the trailhead at 8.'],
      [0, 'Perfect, I’ll bring coffee ☕', { replyTo: 2, reactions: { '❤️': [1] } }],
      [1, 'You’re the best.', { reactions: { '😂': [0] } }],
      [1, 'Wrong chat, sorry!', { deleted: true }],
      [0, 'See you there!', { edited: true }],
      [
        1,
        'Oh, and could you bring the map? Mine got soaked on the last trip, so it is more of a papier-mâché sculpture now.',
      ],
      [1, 'The blue one 🗺️'],
    ],
  },
  {
    between: [2, 0],
    endsMinutesAgo: 45,
    lines: [
      [1, 'Carol, your photos from last week are amazing.'],
      [0, 'Thank you! The light was perfect.'],
      [1, 'Teach me your tricks some time?'],
      [
        1,
        'Golden hour walk this Thursday, 7:40 at the river. Bring a tripod!',
        { forwarded: true },
      ],
      [0, 'Sure! Coffee on Thursday?', { replyTo: 2 }],
    ],
  },
  {
    between: [4, 0],
    endsMinutesAgo: 26 * 60,
    lines: [
      [0, 'Alice, did you get the concert tickets?'],
      [1, 'Yes, two for Friday!'],
      [0, 'Yay 🎉'],
      [1, 'I’ll send you the details tomorrow.', { reactions: { '👍': [0] } }],
    ],
  },
];

/**
 * The conversation's messages, each party's `inbox/{uid}/{conversationId}` (their unread count is the
 * friend's messages after their own last one) and `reads/{conversationId}/{uid}` (each read up to the
 * moment they last wrote).
 */
export function conversationEntries(
  conversation: DemoConversation,
  people: [Person, Person],
  conversationId: string,
  now: number,
  nextId: (time: number) => string,
): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  const { lines, endsMinutesAgo } = conversation;
  const uidOf = (speaker: number) => people[speaker === 0 ? 0 : 1].uid;
  const ids: string[] = [];
  const sent = lines.map(([speaker, message, actions], i) => {
    const from = people[speaker];
    const to = people[speaker === 0 ? 1 : 0];
    const createdAt = now - (endsMinutesAgo + (lines.length - 1 - i) * 7) * MINUTE;
    const id = nextId(createdAt);
    ids.push(id);
    const line: SentLine = { id, senderId: from.uid, message, image: false, createdAt, actions };
    const record = messageRecord(from, to, message, createdAt);
    // A message deleted for everyone keeps only its envelope.
    const { message: _text, ...envelope } = record;
    data[`sendMessage/${conversationId}/${id}`] = actions?.deleted
      ? { ...envelope, deleted: true }
      : { ...record, ...actionFields(line, ids, uidOf) };
    return { id, from, message, createdAt, line };
  });
  const last = sent.at(-1);
  if (!last) return data;
  const reactions = entryReactions(
    sent.map((m) => m.line),
    uidOf,
  );
  for (const person of people) {
    const ownIndex = sent.findLastIndex((m) => m.from.uid === person.uid);
    const reaction = reactions.get(person.uid);
    data[`inbox/${person.uid}/${conversationId}`] = {
      unread: sent.length - 1 - ownIndex,
      lastMessageId: last.id,
      lastSenderId: last.from.uid,
      lastText: last.line.actions?.deleted ? '' : previewOf(last.message),
      lastKind: last.line.actions?.deleted ? 'deleted' : 'text',
      lastAt: last.createdAt,
      ...(reaction ? { reaction } : {}),
    };
    if (ownIndex < 0) continue;
    const own = sent[ownIndex];
    data[`reads/${conversationId}/${person.uid}`] = { at: own.createdAt, messageId: own.id };
  }
  return data;
}
