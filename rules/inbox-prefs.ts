/**
 * `inboxPrefs/{uid}`: how a person arranges their own conversation list: mute,
 * archive (`direct/{conversationId}`, `group/{groupId}`) and up to three pins (`pins`, in pin order).
 * Read and written by `uid` alone, on each of their devices; nobody else sees or changes it.
 */
import { and, or, x, type RuleNode } from './builder';
import { eq, newValue, ownRecord, serverTime, variable } from './conditions';

/** The longest mute a client sets (1 week), plus a day for a client clock that runs ahead. */
const MUTE_MAX_MS = 8 * 24 * 60 * 60 * 1000;
/** At most three pins: slots 0, 1 and 2 of an array. */
const PIN_SLOTS = 3;

const idOf = (name: string) =>
  and(x`${variable(name)}.length >= 1`, x`${variable(name)}.length <= 128`);

const conversationPrefs = (conversation: 'conversationId' | 'groupId'): RuleNode => ({
  '.validate': and(idOf(conversation), x`newData.hasChildren()`),
  // 'always', or until a time (ms since the epoch, by the client's clock) at most 8 days ahead.
  mutedUntil: {
    '.validate': or(
      eq(newValue, 'always'),
      and(x`newData.isNumber()`, x`newData.val() > 0`, x`newData.val() <= now + ${MUTE_MAX_MS}`),
    ),
  },
  // Server time of the archive: a message after it (`lastAt` later) brings the row back.
  archivedAt: { '.validate': serverTime },
  $other: { '.validate': false },
});

export const inboxPrefs: RuleNode = ownRecord({
  direct: {
    '.validate': x`newData.hasChildren()`,
    $conversationId: conversationPrefs('conversationId'),
  },
  group: { '.validate': x`newData.hasChildren()`, $groupId: conversationPrefs('groupId') },
  pins: {
    '.validate': x`newData.hasChildren()`,
    // A conversation key: `d:{conversationId}` or `g:{groupId}` (src/lib/conversation-key.ts).
    $slot: {
      '.validate': and(
        x`$slot.matches(/^[0-${PIN_SLOTS - 1}]$/)`,
        x`newData.isString()`,
        x`newData.val().matches(/^[dg]:.{1,128}$/)`,
      ),
    },
  },
  $other: { '.validate': false },
});
