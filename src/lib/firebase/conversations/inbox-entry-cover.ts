/**
 * What a delete for me writes into the owner's own entry when it takes away the last message
 * their row shows (docs/data-model.md, Message actions, Delete for me): the `cover`, so every
 * device of theirs shows the message before it, or nothing, never the deleted words. Nothing
 * here imports Firebase.
 */
import type { ConversationKind } from '../../conversation-key';
import type { ConversationMessage } from './message';
import { hiddenPath } from './actions-write';
import { inboxEntryPath } from './paths';
import { previewOf, type InboxKind } from '../inbox/shapes';

/**
 * The conversation's last message (`over`, now deleted for me) and the newest message before it
 * that I still see (null: none).
 */
export interface HiddenCover {
  over: string;
  shown: ConversationMessage | null;
}

/** Whose entry of which conversation. */
export interface CoverPlace {
  kind: ConversationKind;
  conversationId: string;
  owner: string;
}

const kindOf = (message: ConversationMessage): InboxKind =>
  message.deleted ? 'deleted' : message.image ? 'image' : 'text';

/** The hide of `messageId` alone: `{hidden…}/{uid}/{id}/{messageId} = true`. */
export const hideChanges = ({ kind, conversationId, owner }: CoverPlace, messageId: string) => ({
  [`${hiddenPath(kind, owner, conversationId)}/${messageId}`]: true,
});

/** The cover as the entry stores it: `{ over }` alone, or the shown message's summary too. */
export function coverChanges(place: CoverPlace, { over, shown }: HiddenCover) {
  const path = `${inboxEntryPath(place.kind, place.owner, place.conversationId)}/cover`;
  if (!shown) return { [path]: { over } };
  const kind = kindOf(shown);
  return {
    [path]: {
      over,
      messageId: shown.id,
      senderId: shown.senderId,
      // A photo and a deleted message are named by their kind, as in the entry's own preview.
      text: kind === 'text' ? previewOf(shown.text) : '',
      kind,
      at: shown.createdAt,
    },
  };
}
