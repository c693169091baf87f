/**
 * `{inbox}/$uid/{conversationId}/cover`: what the owner's row shows instead of the last message
 * while that message (`over`) is one the owner deleted for themself (docs/data-model.md, Message
 * actions, Delete for me). Written by the owner alone, beside the hide it follows; the rest of
 * the entry never moves with it, and nobody else writes or removes it. `{ over }` alone says
 * nothing is left to show; otherwise `messageId`, `senderId`, `text`, `kind` and `at` describe the
 * newest message before it that the owner still sees, as a send's summary would.
 */
import { showsWords } from './conversations-files';
import { and, childOf, not, or, x, type Expr, type RuleNode } from './builder';
import {
  $uid,
  after,
  at,
  data,
  eq,
  exists,
  hasChildren,
  isUser,
  missing,
  ne,
  newData,
  oneOf,
  stringOf,
  uidField,
  val,
} from './conditions';
import { encryptedIn, isSealedValue, previewUnlessEncrypted } from './encryption-sealed';
import { PREVIEW_LENGTH, previewOfMessage, type MessageTree } from './inbox-actions';

const shownKeys = ['messageId', 'senderId', 'text', 'kind', 'at'];
const coverKeys = ['over', ...shownKeys];

/** The cover as stored, or absent before and after: what every write but the owner's keeps. */
export const coverKept = and(
  ...coverKeys.map((key) =>
    eq(val(childOf(newData, 'cover', key)), val(childOf(data, 'cover', key))),
  ),
);

/**
 * The entry-level check of the owner's write of the cover alone: the count, the last message,
 * the reaction notice and the change marker as stored (`keepsAllElse`); the child checks the rest.
 */
export const coveredOnly = (keepsAllElse: Expr) => and(isUser($uid), keepsAllElse);

const field = (key: string) => val(childOf(newData, key));
const keyOk = (key: Expr) => x`!${key}.contains('/')`;

/** The `cover` child of an entry in `messages`' conversation. */
export function entryCover({ tree, conversationId, senderField }: MessageTree): RuleNode {
  const hiddenTree = tree === 'groupMessages' ? 'groupHiddenMessages' : 'hiddenMessages';
  // The cover sits at `{inbox}/$uid/{id}/cover`: four levels below the root.
  const hiddenAfter = (id: Expr) => val(after(4)(hiddenTree, $uid, conversationId, id));
  const shownId = field('messageId');
  const message = (key: string) => val(at(tree, conversationId, shownId, key));
  const text = field('text');
  const kind = field('kind');
  const deleted = eq(message('deleted'), x`true`);
  // Words the rules can read are the message's beginning; sealed ones (or none) they cannot check.
  const words = or(previewOfMessage(message('message'), text), isSealedValue(text), eq(text, ''));
  const shown = and(
    hasChildren(shownKeys),
    keyOk(shownId),
    exists(at(tree, conversationId, shownId)),
    ne(hiddenAfter(shownId), x`true`),
    eq(message(senderField), field('senderId')),
    eq(message('createdAt'), field('at')),
    or(
      and(deleted, eq(kind, 'deleted'), eq(text, '')),
      and(not(deleted), eq(message('kind'), 'image'), eq(kind, 'image'), eq(text, '')),
      and(not(deleted), showsWords(message('kind')), eq(kind, 'text'), words),
    ),
  );
  const nothing = and(...shownKeys.map((key) => missing(childOf(newData, key))));
  return {
    '.validate': and(
      isUser($uid),
      hasChildren(['over']),
      keyOk(field('over')),
      eq(hiddenAfter(field('over')), x`true`),
      or(shown, nothing),
    ),
    over: uidField,
    messageId: uidField,
    senderId: uidField,
    text: {
      '.validate': previewUnlessEncrypted(
        stringOf({ max: PREVIEW_LENGTH }),
        encryptedIn(tree, conversationId),
      ),
    },
    kind: { '.validate': oneOf('text', 'image', 'deleted') },
    at: { '.validate': x`newData.isNumber()` },
    $other: { '.validate': false },
  };
}
