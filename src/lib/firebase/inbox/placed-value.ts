import {
  onValue,
  type DataSnapshot,
  type Database,
  type DatabaseReference,
  type Unsubscribe,
} from 'firebase/database';
import { conversationKey, type ConversationKind } from '../../conversation-key';
import { listenPlaced, placementsOf } from '../conversations';

/**
 * The value at `at` on conversation `id`'s instance, live: read markers and typing live beside
 * their conversation (docs/scaling.md), so the listener follows its placement and waits out a
 * mirror not landed yet. `directory`: the app's database.
 */
export function onPlacedValue(
  directory: Database,
  conversation: { kind: ConversationKind; id: string },
  at: (on: Database) => DatabaseReference,
  onSnapshot: (snapshot: DataSnapshot) => void,
  onError: (error: Error) => void,
): Unsubscribe {
  return listenPlaced(
    placementsOf(directory),
    conversationKey(conversation.kind, conversation.id),
    (on, failed) => onValue(at(on), onSnapshot, failed),
    onError,
  );
}
