/**
 * `chatFiles/{conversationId}/{fileId}` and `groupFiles/{groupId}/{fileId}`: the bytes of a file or
 * voice message, in sealed chunks (docs/data-model.md, "Files and voice messages"). The uploader
 * creates the node (`owner`, `last`: the last chunk's three-digit key, `createdAt`), adds each
 * chunk once (`parts/{key}` with `have/{key}`), and marks it `done` in the update that creates
 * the message naming it; from then on nothing in it changes. Before that the owner may remove it
 * (a cancelled upload); after, only the message's delete for everyone removes it. The readers
 * are the conversation's, one chunk at a time; nobody lists a conversation's files.
 */
import { and, childOf, Expr, or, x, type RuleNode } from './builder';
import {
  $conversationId,
  $groupId,
  after,
  at,
  creating,
  data,
  deleting,
  eq,
  exists,
  inFriendship,
  me,
  missing,
  newValue,
  oldField,
  serverTime,
  sibling,
  signedIn,
  stringOf,
  val,
  variable,
  verifiedUser,
} from './conditions';
import { clearUnlessEncrypted, encryptedIn } from './encryption-sealed';
import { inGroupOf } from './groups-access';

/** The client's limits (src/lib/firebase/conversations/file-message.ts). */
const CLEAR_CHUNK_MAX = 349526;
const SEALED_CHUNK_MAX = 349647;
const DESCRIPTOR_MAX = 2000;
const SEALED_DESCRIPTOR_MAX = 2900;
/** 100 chunks of 256 KiB: 25 MB, so `last` is at most '099'. */
const LAST_KEY = /^0[0-9][0-9]$/;

const $fileId = variable('fileId');
const $index = variable('index');

type Tree = 'sendMessage' | 'groupMessages';

interface FileTree {
  tree: Tree;
  files: 'chatFiles' | 'groupFiles';
  conversationId: Expr;
  senderField: string;
  readers: Expr;
}

/** The kinds whose messages carry a file. */
const isFileKind = (kind: Expr) => or(eq(kind, 'file'), eq(kind, 'voice'));

/** Inbox entries, covers and reaction notices show a file message's words, as a text's. */
export const showsWords = (kind: Expr) => or(x`${kind} == null`, isFileKind(kind));

function fileNode({ tree, files, conversationId, senderField, readers }: FileTree): RuleNode {
  const stored = (...key: string[]) => at(files, conversationId, $fileId, ...key);
  const encrypted = encryptedIn(tree, conversationId);
  /** Seen from `parts/$index` or `have/$index`: the node as this update leaves it. */
  const nodeAfter = new Expr('newData.parent().parent()');
  const chunkWrite = and(
    verifiedUser,
    readers,
    creating,
    eq(val(childOf(nodeAfter, 'owner')), me),
    missing(stored('done')),
  );
  const chunkKey = and(
    x`${$index}.matches(/^[0-9]{3}$/)`,
    x`${$index} <= ${val(childOf(nodeAfter, 'last'))}`,
    missing(stored('done')),
  );
  const clearChunk = and(
    stringOf({ max: CLEAR_CHUNK_MAX }),
    x`newData.val().matches(/^[A-Za-z0-9_-]*$/)`,
  );
  /** Seen from `done`: the message this update creates under the file's id, mine, naming it. */
  const messageAfter = (key: string) => val(after(4)(tree, conversationId, $fileId, key));
  const withNewFileMessage = and(
    missing(at(tree, conversationId, $fileId)),
    isFileKind(messageAfter('kind')),
    eq(messageAfter('fileId'), $fileId),
    eq(messageAfter(senderField), me),
  );
  const lastPartStored = exists(
    childOf(new Expr('newData.parent()'), 'parts', val(x`newData.parent().child('last')`)),
  );
  /** Removed with its message's delete for everyone (rules/conversations-actions.ts checks it). */
  const withMessageDeleted = and(
    deleting,
    eq(val(at(tree, conversationId, $fileId, senderField)), me),
    missing(at(tree, conversationId, $fileId, 'deleted')),
    eq(val(after(3)(tree, conversationId, $fileId, 'deleted')), x`true`),
  );
  return {
    $fileId: {
      '.write': and(
        verifiedUser,
        or(
          and(creating, readers, eq(val(childOf(x`newData`, 'owner')), me)),
          // A cancelled or failed upload: the owner takes back what is not a message yet.
          and(deleting, eq(oldField('owner'), me), missing(childOf(data, 'done'))),
          withMessageDeleted,
        ),
      ),
      '.validate': x`newData.hasChildren(['owner', 'last', 'createdAt'])`,
      // Read before an upload resumes: whether the node is there to add chunks to.
      owner: { '.read': and(signedIn, readers), '.validate': x`newData.isString()` },
      last: {
        '.validate': and(
          x`newData.isString()`,
          x`newData.val().matches(${new Expr(String(LAST_KEY))})`,
        ),
      },
      createdAt: { '.validate': or(exists(data), serverTime) },
      // Maps of chunks by key, never a single value.
      parts: {
        '.validate': x`newData.hasChildren()`,
        $index: {
          '.read': and(signedIn, readers),
          '.write': chunkWrite,
          '.validate': and(
            chunkKey,
            clearUnlessEncrypted(clearChunk, SEALED_CHUNK_MAX, encrypted),
            exists(childOf(nodeAfter, 'have', $index)),
          ),
        },
      },
      have: {
        '.read': and(signedIn, readers),
        '.validate': x`newData.hasChildren()`,
        $index: {
          '.write': chunkWrite,
          '.validate': and(
            chunkKey,
            eq(newValue, x`true`),
            exists(childOf(nodeAfter, 'parts', $index)),
          ),
        },
      },
      done: {
        '.write': and(verifiedUser, creating, eq(val(stored('owner')), me)),
        '.validate': and(eq(newValue, x`true`), missing(data), withNewFileMessage, lastPartStored),
      },
      $other: { '.validate': false },
    },
  };
}

export const chatFiles: RuleNode = {
  $conversationId: fileNode({
    tree: 'sendMessage',
    files: 'chatFiles',
    conversationId: $conversationId,
    senderField: 'messagesenderId',
    readers: inFriendship,
  }),
};

export const groupFiles: RuleNode = {
  $groupId: fileNode({
    tree: 'groupMessages',
    files: 'groupFiles',
    conversationId: $groupId,
    senderField: 'senderId',
    readers: inGroupOf($groupId, me),
  }),
};

const isFile = isFileKind(sibling('kind'));

/**
 * A message's `kind` of 'file' or 'voice' (beside `kind: 'image'`, conversations-images.ts):
 * it names its file (`fileId`, the message's own id) and its descriptor, and its file is marked
 * done in the same update.
 */
export const fileKind = (files: 'chatFiles' | 'groupFiles', conversationId: Expr, msgId: Expr) =>
  and(
    isFileKind(newValue),
    x`newData.parent().hasChildren(['fileId', 'file'])`,
    eq(val(childOf(after(4)(files, conversationId, msgId), 'done')), x`true`),
  );

/** The optional fields of a file or voice message (`message` holds what lists show of it). */
export const fileMessageFields = (tree: Tree, conversationId: Expr, msgId: Expr): RuleNode => ({
  fileId: { '.validate': and(eq(newValue, msgId), isFile) },
  file: {
    '.validate': and(
      isFile,
      clearUnlessEncrypted(
        and(stringOf({ min: 2, max: DESCRIPTOR_MAX }), x`newData.val().beginsWith('{')`),
        SEALED_DESCRIPTOR_MAX,
        encryptedIn(tree, conversationId),
      ),
    ),
  },
});
