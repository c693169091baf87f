/** Fakes of the mute/archive/pin and drafts gateways (see fake-gateways.ts). */
import { vi } from 'vitest';
import type { Drafts, DraftsApi } from '../lib/firebase/conversations/drafts';
import type { InboxPrefsApi } from '../lib/firebase/inbox/prefs';
import type { InboxPrefs } from '../lib/firebase/inbox/prefs-record';
import { Feed } from './feed';

/** Live queries answer through `attentionFeeds`; writes are vi.fns that resolve. */
export function fakeAttentionGateways() {
  const attentionFeeds = { inboxPrefs: new Feed<InboxPrefs>(), drafts: new Feed<Drafts>() };
  const inboxPrefs = {
    subscribe: vi.fn<InboxPrefsApi['subscribe']>((uid, onData, onError) =>
      attentionFeeds.inboxPrefs.subscribe(uid, onData, onError),
    ),
    setMute: vi.fn<InboxPrefsApi['setMute']>(() => Promise.resolve()),
    setArchived: vi.fn<InboxPrefsApi['setArchived']>(() => Promise.resolve()),
    setPins: vi.fn<InboxPrefsApi['setPins']>(() => Promise.resolve()),
  } satisfies InboxPrefsApi;
  const drafts = {
    subscribe: vi.fn<DraftsApi['subscribe']>((uid, onData, onError) =>
      attentionFeeds.drafts.subscribe(uid, onData, onError),
    ),
    save: vi.fn<DraftsApi['save']>(() => Promise.resolve()),
    remove: vi.fn<DraftsApi['remove']>(() => Promise.resolve()),
  } satisfies DraftsApi;
  return { attentionFeeds, inboxPrefs, drafts };
}
