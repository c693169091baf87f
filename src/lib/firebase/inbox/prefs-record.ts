/**
 * `inboxPrefs/{uid}` as plain data (docs/data-model.md, Mute, archive, pin and drafts): no
 * Firebase here, so the slices and selectors can use it without loading the SDK.
 */
import { conversationKey, type ConversationKey } from '../../conversation-key';
import { recordOf } from '../records';

/** 'always', or muted until this time (ms since the epoch). */
export type MutedUntil = number | 'always';

export interface ConversationPrefs {
  mutedUntil: MutedUntil | null;
  /** Server time of 'Archive'; a later message brings a non-muted conversation back. */
  archivedAt: number | null;
}

export interface InboxPrefs {
  byKey: Partial<Record<ConversationKey, ConversationPrefs>>;
  /** In the order pinned, at most three. */
  pins: ConversationKey[];
}

export const PIN_LIMIT = 3;
export const EMPTY_PREFS: InboxPrefs = { byKey: {}, pins: [] };

function parseConversation(value: unknown): ConversationPrefs | null {
  const v = recordOf(value);
  const muted = v.mutedUntil;
  const mutedUntil = muted === 'always' || typeof muted === 'number' ? muted : null;
  const archivedAt = typeof v.archivedAt === 'number' ? v.archivedAt : null;
  return mutedUntil === null && archivedAt === null ? null : { mutedUntil, archivedAt };
}

const isKey = (value: unknown): value is ConversationKey =>
  typeof value === 'string' && /^[dg]:./.test(value);

/** Whatever is stored, as prefs: unknown or malformed parts are left out. */
export function parseInboxPrefs(value: unknown): InboxPrefs {
  const v = recordOf(value);
  const byKey: InboxPrefs['byKey'] = {};
  for (const kind of ['direct', 'group'] as const) {
    for (const [id, raw] of Object.entries(recordOf(v[kind]))) {
      const prefs = parseConversation(raw);
      if (prefs) byKey[conversationKey(kind, id)] = prefs;
    }
  }
  const stored = Array.isArray(v.pins) ? (v.pins as unknown[]) : Object.values(recordOf(v.pins));
  const pins = [...new Set(stored.filter(isKey))].slice(0, PIN_LIMIT);
  return { byKey, pins };
}

/** Muted at `now`: always, or until a time still ahead. */
export function isMuted(prefs: ConversationPrefs | undefined, now: number): boolean {
  const until = prefs?.mutedUntil ?? null;
  return until === 'always' || (until !== null && until > now);
}
