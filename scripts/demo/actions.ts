/**
 * Message actions in the demo conversations: replies, reactions, an edit, a delete
 * for everyone, a forward and a mention, as the app's actions would have stored them
 * (docs/data-model.md, Message actions), for 1:1 and group lines alike.
 */
import { previewOf } from '../../src/lib/firebase/inbox/entry';

const MINUTE = 60_000;

/** What happened to one demo line after it was sent; speakers and lines by position. */
export interface DemoActions {
  /** The earlier line it answers. */
  replyTo?: number;
  /** Emoji → the speakers who reacted with it (a minute apart, after the line). */
  reactions?: Record<string, number[]>;
  /** Edited two minutes after sending. */
  edited?: true;
  /** Deleted for everyone: only the envelope is stored. */
  deleted?: true;
  forwarded?: true;
  /** Groups: the speakers the line mentions. */
  mentions?: number[];
}

export interface SentLine {
  id: string;
  senderId: string;
  /** The stored text (a photo's caption or placeholder). */
  message: string;
  image: boolean;
  createdAt: number;
  actions?: DemoActions | undefined;
}

/** The action fields of one stored line (not for a deleted one, which keeps its envelope). */
export function actionFields(
  line: SentLine,
  ids: readonly string[],
  uidOf: (speaker: number) => string,
): Record<string, unknown> {
  const a = line.actions;
  if (!a) return {};
  const out: Record<string, unknown> = {};
  const replyTo = a.replyTo === undefined ? undefined : ids[a.replyTo];
  if (replyTo) out.replyTo = replyTo;
  if (a.forwarded) out.forwarded = true;
  if (a.edited) out.editedAt = line.createdAt + 2 * MINUTE;
  if (a.mentions?.length) {
    out.mentions = Object.fromEntries(a.mentions.map((speaker) => [uidOf(speaker), true]));
  }
  if (a.reactions) out.reactions = reactionsOf(line, uidOf);
  return out;
}

function reactionsOf(line: SentLine, uidOf: (speaker: number) => string) {
  const out: Record<string, Record<string, number>> = {};
  let step = 1;
  for (const [emoji, speakers] of Object.entries(line.actions?.reactions ?? {})) {
    out[emoji] = Object.fromEntries(
      speakers.map((speaker) => [uidOf(speaker), line.createdAt + step++ * MINUTE]),
    );
  }
  return out;
}

/**
 * The latest reaction by someone else to each author's messages, as the reactor's update wrote
 * it into the author's entry (`reaction`), by author uid.
 */
export function entryReactions(
  lines: readonly SentLine[],
  uidOf: (speaker: number) => string,
): Map<string, Record<string, unknown>> {
  const out = new Map<string, Record<string, unknown>>();
  for (const line of lines) {
    if (line.actions?.deleted) continue;
    for (const [emoji, people] of Object.entries(reactionsOf(line, uidOf))) {
      for (const [by, at] of Object.entries(people)) {
        const known = out.get(line.senderId)?.at;
        if (by === line.senderId || (typeof known === 'number' && known >= at)) continue;
        out.set(line.senderId, {
          by,
          emoji,
          messageId: line.id,
          text: line.image ? '' : previewOf(line.message),
          kind: line.image ? 'image' : 'text',
          at,
        });
      }
    }
  }
  return out;
}
