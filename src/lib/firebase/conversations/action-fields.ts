/**
 * The optional fields the message actions add to a stored message, 1:1 and group alike
 * (docs/data-model.md, Message actions): parsed leniently, a malformed field is left out rather
 * than losing the message. Nothing here imports Firebase.
 */

/** What a ConversationMessage (message.ts) may carry beyond its text, 1:1 and group. */
export interface MessageActionFields {
  /** The quoted message's id (a message of the same conversation). */
  replyTo?: string;
  forwarded?: boolean;
  /** Groups: the uids this message mentions. */
  mentions?: string[];
  /** Server time of the last edit. */
  editedAt?: number;
  /** Deleted for everyone: only the envelope is left. */
  deleted?: boolean;
  /** Emoji → uid → server time of that person's reaction. */
  reactions?: Record<string, Record<string, number>>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `mentions/{uid} = true` as the uids, in key order. */
function parseMentions(value: unknown): string[] | undefined {
  if (!isRecord(value)) return undefined;
  const uids = Object.keys(value).filter((uid) => value[uid] === true);
  return uids.length > 0 ? uids.sort() : undefined;
}

/** `reactions/{emoji}/{uid} = time`, without empty emoji or non-numeric times. */
function parseReactions(value: unknown): MessageActionFields['reactions'] {
  if (!isRecord(value)) return undefined;
  const out: Record<string, Record<string, number>> = {};
  for (const [emoji, people] of Object.entries(value)) {
    if (!isRecord(people)) continue;
    const byUid: Record<string, number> = {};
    for (const [uid, at] of Object.entries(people)) if (typeof at === 'number') byUid[uid] = at;
    if (Object.keys(byUid).length > 0) out[emoji] = byUid;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** The action fields present on a stored message (`fields`), ready to spread into a ConversationMessage. */
export function parseActionFields(fields: Record<string, unknown>): MessageActionFields {
  const out: MessageActionFields = {};
  if (typeof fields.replyTo === 'string' && fields.replyTo !== '') out.replyTo = fields.replyTo;
  if (fields.forwarded === true) out.forwarded = true;
  const mentions = parseMentions(fields.mentions);
  if (mentions) out.mentions = mentions;
  if (typeof fields.editedAt === 'number') out.editedAt = fields.editedAt;
  const reactions = parseReactions(fields.reactions);
  if (reactions) out.reactions = reactions;
  return out;
}
