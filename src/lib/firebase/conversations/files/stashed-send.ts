/**
 * What an unfinished file send keeps on this device besides its bytes (upload-stash.ts), so the
 * next start can finish it: the conversation and its parties as sent, what is sealed about the
 * file and the words lists show, and the extras a file message carries (quote, forward mark).
 * Read back, it is checked field by field: a stash this code cannot read is dropped, never sent.
 */
import type { GroupParties, MessageParties, SendExtras } from '../send-write';
import type { FileDescriptor, FileKind } from './file-message';

interface Kept {
  file: { kind: FileKind; descriptor: FileDescriptor; words: string };
  extras: Pick<SendExtras, 'replyTo' | 'forwarded'>;
}

export type StashedFileSend =
  | (Kept & { to: 'direct'; parties: MessageParties })
  | (Kept & { to: 'group'; parties: GroupParties });

export function stashedSend(
  to: 'direct',
  parties: MessageParties,
  file: Kept['file'],
  extras?: SendExtras,
): StashedFileSend;
export function stashedSend(
  to: 'group',
  parties: GroupParties,
  file: Kept['file'],
  extras?: SendExtras,
): StashedFileSend;
/** The send as kept: only its plain fields (a group's mention changes are not file extras). */
export function stashedSend(
  to: 'direct' | 'group',
  parties: MessageParties | GroupParties,
  { kind, descriptor, words }: Kept['file'],
  extras?: SendExtras,
): StashedFileSend {
  const kept: Kept = {
    file: { kind, descriptor, words },
    extras: {
      ...(extras?.replyTo ? { replyTo: extras.replyTo } : {}),
      ...(extras?.forwarded ? { forwarded: true as const } : {}),
    },
  };
  return { ...kept, to, parties } as StashedFileSend;
}

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null;
const isString = (value: unknown): value is string => typeof value === 'string' && value !== '';
const isPerson = (value: unknown) => isObject(value) && isString(value.uid);

function isDescriptor(value: unknown): value is FileDescriptor {
  return (
    isObject(value) &&
    typeof value.name === 'string' &&
    typeof value.type === 'string' &&
    Number.isInteger(value.size) &&
    Number.isInteger(value.chunks)
  );
}

function isParties(to: unknown, parties: unknown): boolean {
  if (!isObject(parties) || !isPerson(parties.from)) return false;
  if (to === 'direct') return isString(parties.conversationId) && isPerson(parties.to);
  if (to === 'group') {
    return isString(parties.groupId) && Array.isArray(parties.to) && parties.to.every(isString);
  }
  return false;
}

/** A kept send as written by `stashedSend`, or null. */
export function parseStashedSend(value: unknown): StashedFileSend | null {
  if (!isObject(value) || !isParties(value.to, value.parties)) return null;
  const { file, extras } = value;
  if (!isObject(file) || !isObject(extras) || !isDescriptor(file.descriptor)) return null;
  if ((file.kind !== 'file' && file.kind !== 'voice') || typeof file.words !== 'string') {
    return null;
  }
  if (extras.replyTo !== undefined && !isString(extras.replyTo)) return null;
  return value as unknown as StashedFileSend;
}
