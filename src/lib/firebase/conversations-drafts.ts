import {
  onValue,
  ref,
  remove,
  serverTimestamp,
  set,
  type Database,
  type Unsubscribe,
} from 'firebase/database';
import { conversationKey, ownConversationPath, type ConversationKey } from '../conversation-key';
import { recordOf } from './records';

/** What I typed in a conversation and did not send, and the message a reply quotes. */
export interface Draft {
  text: string;
  replyTo?: string;
}

export type Drafts = Partial<Record<ConversationKey, Draft>>;

/** `drafts/{uid}` as drafts by conversation key; malformed entries are left out. */
export function parseDrafts(value: unknown): Drafts {
  const drafts: Drafts = {};
  const v = recordOf(value);
  for (const kind of ['direct', 'group'] as const) {
    for (const [id, raw] of Object.entries(recordOf(v[kind]))) {
      const { text, replyTo } = recordOf(raw);
      if (typeof text !== 'string') continue;
      drafts[conversationKey(kind, id)] =
        typeof replyTo === 'string' && replyTo ? { text, replyTo } : { text };
    }
  }
  return drafts;
}

/** My drafts (`drafts/{uid}`, rules/conversations-drafts.ts): mine alone, on each of my devices. */
export function makeDraftsApi(db: Database) {
  const at = (uid: string, key: ConversationKey) =>
    ref(db, ownConversationPath('drafts', uid, key));
  return {
    subscribe(
      uid: string,
      onData: (drafts: Drafts) => void,
      onError: (error: Error) => void,
    ): Unsubscribe {
      return onValue(
        ref(db, `drafts/${uid}`),
        (snapshot) => onData(parseDrafts(snapshot.val())),
        onError,
      );
    },
    save(uid: string, key: ConversationKey, draft: Draft): Promise<void> {
      return set(at(uid, key), {
        text: draft.text,
        ...(draft.replyTo ? { replyTo: draft.replyTo } : {}),
        at: serverTimestamp(),
      });
    },
    remove(uid: string, key: ConversationKey): Promise<void> {
      return remove(at(uid, key));
    },
  };
}

export type DraftsApi = ReturnType<typeof makeDraftsApi>;

declare module '../../store/gateways' {
  interface DatabaseGateways {
    drafts: DraftsApi;
  }
}
