/**
 * `{inbox}/$uid/{conversationId}/changed`: the change marker an edit or a delete for everyone
 * of ANY message (not only the last one) writes into the entries of the conversation's people,
 * in its own update, so their devices' search indexes catch up at once (docs/data-model.md,
 * Message actions). `{ messageId, at }`: the message this very update edits or deletes for
 * everyone, by its sender (the signed-in user), at server time. The count, the last message,
 * its preview and the reaction notice never move with it, so no list reorders and no count rises.
 */
import { and, childOf, or, x, type Expr, type RuleNode } from './builder';
import {
  after,
  at,
  data,
  eq,
  exists,
  hasChildren,
  me,
  newData,
  ne,
  uidField,
  val,
} from './conditions';
import type { MessageTree } from './inbox-actions';

const markerKeys = ['messageId', 'at'];

/** The marker as stored (or absent before and after): what a reaction's change of an entry keeps. */
export const markerKept = and(
  ...markerKeys.map((key) =>
    eq(val(childOf(newData, 'changed', key)), val(childOf(data, 'changed', key))),
  ),
);

/** Kept, or moved by this update (its child ties it to the edit or delete): an edit's preview. */
export const markerKeptOrNew = or(markerKept, eq(val(childOf(newData, 'changed', 'at')), x`now`));

/**
 * The entry-level check of a write that changes the marker alone (the other fields as stored,
 * which `keepsAllElse` says): the marker is new, at server time; its child checks the message.
 */
export const markedOnly = (keepsAllElse: Expr) =>
  and(keepsAllElse, eq(val(childOf(newData, 'changed', 'at')), x`now`));

/** The `changed` child of an entry in `messages`' conversation. */
export function changeMarker({ tree, conversationId, senderField }: MessageTree): RuleNode {
  const messageId = val(childOf(newData, 'messageId'));
  // The marker sits at `{inbox}/$uid/{id}/changed`: four levels below the root.
  const message = (...key: string[]) => after(4)(tree, conversationId, messageId, ...key);
  const kept = and(
    ...markerKeys.map((key) => eq(val(childOf(newData, key)), val(childOf(data, key)))),
  );
  const tied = and(
    eq(val(childOf(newData, 'at')), x`now`),
    x`!${messageId}.contains('/')`,
    exists(at(tree, conversationId, messageId)),
    eq(val(message(senderField)), me),
    ne(val(at(tree, conversationId, messageId, 'deleted')), x`true`),
    or(eq(val(message('editedAt')), x`now`), eq(val(message('deletedAt')), x`now`)),
  );
  return {
    '.validate': and(hasChildren(markerKeys), or(kept, tied)),
    messageId: uidField,
    at: { '.validate': x`newData.isNumber()` },
    $other: { '.validate': false },
  };
}
