/**
 * The demo's group conversations (`groupMessages/{groupId}/{id}`), for groups the demo data
 * already holds: each line is written by the group's admin or one of its members, by position
 * (0 the admin, 1.. the members by name), as the app's sends would have written them, photos
 * included (`groupImages/{groupId}/{id}`), with every person's inbox entry and read marker.
 */
import { IMAGE_PLACEHOLDER } from '../../src/lib/firebase/conversations/image-message';
import { previewOf } from '../../src/lib/firebase/inbox/entry';
import { hills, sunset, type DemoImage } from './images';
import { mentionNotificationChanges } from '../../src/lib/firebase/notifications/mention';
import { actionFields, entryReactions, type DemoActions, type SentLine } from './actions';

const MINUTE = 60_000;

type Line = [
  speaker: number,
  text: string,
  minutesAgo: number,
  photo?: DemoImage | null,
  actions?: DemoActions,
];

// Weekend Hikers: 0 Alice (admin), 1 Bob, 2 Carol. Photography: 0 Carol (admin), 1 Alice, 2 Bob.
const scripts: Record<string, Line[]> = {
  'Weekend Hikers': [
    [
      0,
      'Saturday: Blue Ridge trail, meet at the car park at 8?',
      190,
      null,
      { reactions: { '👍': [1, 2] } },
    ],
    [1, "I'm in! Bringing the big thermos.", 185],
    [1, 'The view from last time', 180, hills, { reactions: { '😮': [0] } }],
    [2, 'Count me in too. Is the weather going to hold?', 120, null, { replyTo: 0 }],
    [
      0,
      'Mountain forecast for Saturday: sunny until 3 pm, storms after 5.',
      95,
      null,
      { forwarded: true, replyTo: 3 },
    ],
    [2, 'Perfect, see you there 🥾', 12, null, { reactions: { '🙏': [0] } }],
  ],
  Photography: [
    [0, 'Golden hour is at 7:40 tonight. River walk?', 400],
    [1, 'Yes! I finally got the 35 mm lens.', 380, null, { edited: true }],
    [1, '', 370, sunset, { reactions: { '❤️': [0, 2] } }],
    [2, 'Oops, that was for Dave', 310, null, { deleted: true }],
    [2, 'I can come after work, around 7:30.', 300],
    [2, '@Alice can you bring the spare tripod?', 290, null, { mentions: [1] }],
  ],
};

type Fields = Record<string, unknown>;

function str(value: unknown, key: string): string {
  const field = (value as Fields | null)?.[key];
  return typeof field === 'string' ? field : '';
}

interface Sent {
  id: string;
  senderId: string;
  message: string;
  kind: 'text' | 'image' | 'deleted';
  createdAt: number;
}

/**
 * Each person's `groupInbox/{uid}/{groupId}` (the last message; unread = others' messages after
 * their own last one, as if they read up to where they wrote) and `groupReads/{groupId}/{uid}`.
 */
function inboxOf(
  groupId: string,
  people: string[],
  sent: Sent[],
  reactions: Map<string, Fields>,
  out: Fields,
): void {
  const last = sent.at(-1);
  if (!last) return;
  for (const uid of people) {
    const reaction = reactions.get(uid);
    const ownAt = sent.findLastIndex((m) => m.senderId === uid);
    const unread = sent.slice(ownAt + 1).filter((m) => m.senderId !== uid).length;
    out[`groupInbox/${uid}/${groupId}`] = {
      ...(uid === last.senderId ? {} : { unread }),
      lastMessageId: last.id,
      lastSenderId: last.senderId,
      lastText: last.kind === 'deleted' ? '' : previewOf(last.message),
      lastKind: last.kind,
      lastAt: last.createdAt,
      ...(reaction ? { reaction } : {}),
    };
    if (ownAt >= 0) {
      const read = sent[ownAt];
      out[`groupReads/${groupId}/${uid}`] = { at: read.createdAt, messageId: read.id };
    }
  }
}

export function demoGroupMessageEntries(
  data: Fields,
  now: number,
  nextId: (time: number) => string,
): Fields {
  const out: Fields = {};
  for (const [path, group] of Object.entries(data)) {
    const [area, groupId] = path.split('/');
    const lines = area === 'Mygroup' && groupId ? scripts[str(group, 'groupName')] : undefined;
    if (!lines || !groupId) continue;
    const members = Object.entries(data)
      .filter(
        ([p, v]) => p.startsWith(`groupMembership/${groupId}/`) && str(v, 'status') === 'member',
      )
      .map(([p, v]) => ({ uid: p.split('/')[2] ?? '', username: str(v, 'username') }))
      .sort((a, b) => a.username.localeCompare(b.username));
    const people = [{ uid: str(group, 'adminId'), username: str(group, 'adminName') }, ...members];
    const sent: Sent[] = [];
    const uidOf = (speaker: number) => people.at(speaker)?.uid ?? '';
    const ids: string[] = [];
    const done: SentLine[] = [];
    for (const [speaker, text, minutesAgo, photo, actions] of lines) {
      const sender = people.at(speaker);
      if (!sender) continue;
      const createdAt = now - minutesAgo * MINUTE;
      const id = nextId(createdAt);
      ids.push(id);
      const message = photo ? text || IMAGE_PLACEHOLDER : text;
      const line: SentLine = {
        id,
        senderId: sender.uid,
        message,
        image: Boolean(photo),
        createdAt,
        actions,
      };
      done.push(line);
      const envelope = { senderId: sender.uid, senderName: sender.username, createdAt };
      if (actions?.deleted) {
        // Deleted for everyone: only the envelope is stored.
        out[`groupMessages/${groupId}/${id}`] = { ...envelope, deleted: true };
        sent.push({ id, senderId: sender.uid, message: '', kind: 'deleted', createdAt });
        continue;
      }
      const record: Fields = { message, ...envelope, ...actionFields(line, ids, uidOf) };
      // Each mentioned person's notification, written with the message (unread).
      Object.assign(
        out,
        mentionNotificationChanges(
          {
            groupId,
            groupName: str(group, 'groupName'),
            actor: { uid: sender.uid, name: sender.username },
            messageId: id,
            to: (actions?.mentions ?? []).map(uidOf),
          },
          // The builder takes the server time's placeholder; the demo writes the time itself.
          createdAt as unknown as object,
        ),
      );
      if (photo) {
        Object.assign(record, {
          kind: 'image',
          imageId: id,
          width: photo.width,
          height: photo.height,
        });
        if (text) record.caption = text;
        out[`groupImages/${groupId}/${id}`] = { full: photo.full, thumb: photo.thumb, createdAt };
      }
      out[`groupMessages/${groupId}/${id}`] = record;
      sent.push({ id, senderId: sender.uid, message, kind: photo ? 'image' : 'text', createdAt });
    }
    inboxOf(
      groupId,
      people.map((p) => p.uid),
      sent,
      entryReactions(done, uidOf),
      out,
    );
  }
  return out;
}
