/**
 * Which records make up one conversation on its instance (docs/scaling.md, "Instances and what
 * lives where"; rules/conversations-placement.ts `PLACED`): what a move copies, what it deletes
 * from the source afterwards, and what it leaves. The parties are read from the directory.
 */
import { parseConversationKey, type ConversationKey } from '../../src/lib/conversation-key';
import type { MigrationDb } from '../migrations/database';

export interface ConversationRecords {
  /** Copied to the target, deleted from the source after the grace. */
  moved: string[];
  /** Deleted from the source, never copied: typing signals are seconds old. */
  dropped: string[];
  /** The source's mirrors that name only this conversation (deleted when it is not the directory). */
  mirrors: string[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const uidIn = (value: unknown, field: string): string[] => {
  const uid = isRecord(value) ? value[field] : undefined;
  return typeof uid === 'string' && uid ? [uid] : [];
};

/** The people of conversation `key`: a friendship's or block's two, a group's roster and admin. */
export async function partiesOf(directory: MigrationDb, key: ConversationKey): Promise<string[]> {
  const { kind, id } = parseConversationKey(key);
  if (kind === 'direct') {
    const [friendship, block] = await Promise.all([
      directory.get(`friendList/${id}`),
      directory.get(`block/${id}`),
    ]);
    return [
      ...new Set([
        ...uidIn(friendship, 'senderId'),
        ...uidIn(friendship, 'receiverId'),
        ...uidIn(block, 'blockbyid'),
        ...uidIn(block, 'blockid'),
      ]),
    ];
  }
  const [group, roster] = await Promise.all([
    directory.get(`Mygroup/${id}`),
    directory.get(`groupMembership/${id}`),
  ]);
  return [...new Set([...uidIn(group, 'adminId'), ...Object.keys(isRecord(roster) ? roster : {})])];
}

/** The paths of conversation `key`'s records, for `parties`. */
export function recordsOf(key: ConversationKey, parties: readonly string[]): ConversationRecords {
  const { kind, id } = parseConversationKey(key);
  if (kind === 'direct') {
    return {
      moved: [
        `sendMessage/${id}`,
        `reads/${id}`,
        `chatImages/${id}`,
        `chatFiles/${id}`,
        // The epoch keys' wraps and waits: a sealed send checks the wraps on its own instance.
        `conversationKeys/${id}`,
        `conversationKeyWaits/${id}`,
        ...parties.flatMap((uid) => [`inbox/${uid}/${id}`, `hiddenMessages/${uid}/${id}`]),
      ],
      dropped: [`typing/${id}`],
      mirrors: [`friendList/${id}`, `block/${id}`],
    };
  }
  return {
    moved: [
      `groupMessages/${id}`,
      `groupReads/${id}`,
      `groupImages/${id}`,
      `groupFiles/${id}`,
      `groupKeys/${id}`,
      `groupKeyWaits/${id}`,
      ...parties.flatMap((uid) => [`groupInbox/${uid}/${id}`, `groupHiddenMessages/${uid}/${id}`]),
    ],
    dropped: [],
    mirrors: [`Mygroup/${id}`, `groupMembership/${id}`],
  };
}
