import {
  onValue,
  ref,
  remove,
  serverTimestamp,
  set,
  type Database,
  type Unsubscribe,
} from 'firebase/database';
import { conversationKey, ownConversationPath, type ConversationKey } from '../../conversation-key';
import { openDraft, sealDraft, type DraftsKey } from '../../crypto/drafts-seal';
import { isSealed } from '../../crypto/sealed-value';
import { openInOrder } from './open';
import { recordOf } from '../records';
import { homeRecords } from '../records-at-home';
import { placementsOf } from './placement';

/** What I typed in a conversation and did not send, and the message a reply quotes. */
export interface Draft {
  text: string;
  replyTo?: string;
  /**
   * A sealed draft this device cannot open (it holds no drafts key yet, or the draft does not
   * verify): shown as none, and never replaced or removed from here.
   */
  locked?: true;
}

/** My drafts key on this device (encryption-session.ts), or null while it has none. */
export type DraftsKeyNow = () => Promise<DraftsKey | null>;

export type Drafts = Partial<Record<ConversationKey, Draft>>;

/** `drafts/{uid}` as drafts by conversation key; malformed entries are left out. */
function parseDrafts(value: unknown): Drafts {
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

/** Each sealed draft opened; one that does not open is locked. Clear drafts (from before) pass. */
const draftsOpener =
  (uid: string, keyNow: DraftsKeyNow) =>
  (drafts: Drafts): Drafts | Promise<Drafts> => {
    const keys = Object.keys(drafts) as ConversationKey[];
    if (!keys.some((key) => isSealed(drafts[key]?.text))) return drafts;
    return keyNow()
      .catch(() => null)
      .then(async (draftsKey) => {
        const opened = await Promise.all(
          keys.map(async (key): Promise<[ConversationKey, Draft | undefined]> => {
            const draft = drafts[key];
            if (!draft || !isSealed(draft.text)) return [key, draft];
            try {
              return [key, { ...draft, text: await openDraft(draftsKey, uid, key, draft.text) }];
            } catch {
              return [key, { text: '', locked: true }];
            }
          }),
        );
        return Object.fromEntries(opened);
      });
  };

/**
 * My drafts (`drafts/{uid}` on my home, rules/conversations-drafts.ts): mine alone, on each of my devices,
 * sealed with my drafts key (docs/security/e2ee.md, "Drafts"). A device without that key (not
 * approved yet) writes none: it could not seal one, and must not replace one it cannot read.
 */
export function makeDraftsApi(db: Database, keyNow: DraftsKeyNow) {
  const path = (uid: string, key: ConversationKey) => ownConversationPath('drafts', uid, key);
  const { listenOnHome, onHome } = homeRecords(db, (uid) => placementsOf(db).homeOfNow(uid));
  return {
    subscribe(
      uid: string,
      onData: (drafts: Drafts) => void,
      onError: (error: Error) => void,
    ): Unsubscribe {
      const deliver = openInOrder(draftsOpener(uid, keyNow), onData, onError);
      return listenOnHome(
        uid,
        (home) =>
          onValue(
            ref(home, `drafts/${uid}`),
            (snapshot) => deliver(parseDrafts(snapshot.val())),
            onError,
          ),
        onError,
      );
    },
    /** Seals and keeps `draft`; does nothing on a device without the drafts key. */
    async save(uid: string, key: ConversationKey, draft: Draft): Promise<void> {
      const draftsKey = await keyNow();
      if (!draftsKey) return;
      const text = await sealDraft(draftsKey, uid, key, draft.text);
      await onHome(uid, (home) =>
        set(ref(home, path(uid, key)), {
          text,
          ...(draft.replyTo ? { replyTo: draft.replyTo } : {}),
          at: serverTimestamp(),
        }),
      );
    },
    remove(uid: string, key: ConversationKey): Promise<void> {
      return onHome(uid, (home) => remove(ref(home, path(uid, key))));
    },
  };
}

export type DraftsApi = ReturnType<typeof makeDraftsApi>;

declare module '../../../store/gateways' {
  interface DatabaseGateways {
    drafts: DraftsApi;
  }
}
