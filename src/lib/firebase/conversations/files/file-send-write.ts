/**
 * The root update of a file or voice message: a text send's update (send-write.ts) whose
 * message names its kind, its file and its descriptor, and which marks the file's chunks done in
 * the same update, so the rules see the message and its finished file together. The message's
 * words are what every other place shows of it ('Voice message 0:12', the file's name), so the
 * inbox, notifications, quotes and search need nothing new. Nothing here imports Firebase.
 */
import type { ConversationKind } from '../../../conversation-key';
import { descriptorJson, filesPath, type FileDescriptor, type FileKind } from './file-message';
import {
  directSendWrite,
  groupSendWrite,
  type GroupParties,
  type MessageParties,
  type SendExtras,
  type ServerValues,
} from '../send-write';

export interface FileSend {
  kind: FileKind;
  descriptor: FileDescriptor;
}

/** The chunks' node before the first chunk: who uploads, and the last chunk's key. */
export function fileStartWrite(owner: string, lastKey: string, server: ServerValues) {
  return { owner, last: lastKey, createdAt: server.now };
}

function withFile(
  update: Record<string, unknown>,
  messagePath: string,
  kind: ConversationKind,
  conversationId: string,
  id: string,
  file: FileSend,
) {
  const message = update[messagePath] as Record<string, unknown>;
  update[messagePath] = {
    ...message,
    kind: file.kind,
    fileId: id,
    file: descriptorJson(file.descriptor),
  };
  update[`${filesPath(kind, conversationId)}/${id}/done`] = true;
  return update;
}

/** A file or voice message to a friend, its `words` being what lists and quotes show. */
export function directFileSendWrite(
  parties: MessageParties,
  id: string,
  file: FileSend,
  words: string,
  server: ServerValues,
  extras?: SendExtras,
): Record<string, unknown> {
  const update = directSendWrite(parties, id, words, server, extras);
  const path = `sendMessage/${parties.conversationId}/${id}`;
  return withFile(update, path, 'direct', parties.conversationId, id, file);
}

/** A file or voice message to a group (group-messages: every other member's count + 1). */
export function groupFileSendWrite(
  parties: GroupParties,
  id: string,
  file: FileSend,
  words: string,
  server: ServerValues,
  extras?: SendExtras,
): Record<string, unknown> {
  const update = groupSendWrite(parties, id, words, server, undefined, extras);
  const path = `groupMessages/${parties.groupId}/${id}`;
  return withFile(update, path, 'group', parties.groupId, id, file);
}
