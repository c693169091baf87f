import { useEffect, useRef } from 'react';
import type { ConversationKey } from '../../../lib/conversation-key';
import type { Draft } from '../../../lib/firebase/conversations';
import { useAppDispatch, useAppSelector, useAppStore } from '../../../store/hooks';
import { selectDraftsKeyState } from '../../encryption';
import { selectConversationKey, selectUnloadedReply } from '../timeline';
import { loadQuote } from '../quotes';
import { selectDraftOf, selectDraftsReady } from './conversations-drafts-slice';
import { saveDraft } from './conversations-drafts-thunks';
import { composeStarted } from '../timeline';

/** Drafts are written at most this often while typing. */
export const DRAFT_SAVE_MS = 1000;

const sameDraft = (a: Draft | null, b: Draft | null) =>
  (a?.text ?? '') === (b?.text ?? '') && (a?.replyTo ?? '') === (b?.replyTo ?? '');

/**
 * The composer's text and reply kept as the open conversation's draft (`drafts/{me}`): written at
 * most once a second while typing and at once when the conversation changes or the composer
 * goes; an empty composer removes it. Opening a conversation (after a switch, a reload or on
 * another device) puts its draft back. An edit's text is never a draft.
 */
export function useDraft(
  text: string,
  setText: (text: string) => void,
  replyTo: string | null,
  editing: boolean,
): void {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const key = useAppSelector(selectConversationKey);
  // Until this device knows whether it holds the drafts key, a sealed draft would show as none.
  const ready = useAppSelector(
    (state) => selectDraftsReady(state) && selectDraftsKeyState(state) !== 'unknown',
  );
  // The conversation whose draft the field holds now; null until it was put back.
  const loaded = useRef<ConversationKey | null>(null);
  const pending = useRef<{ key: ConversationKey; draft: Draft | null } | null>(null);
  const lastWrite = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The field still holds the conversation left until the draft put back renders.
  const justOpened = useRef(false);
  const seenKey = useRef<ConversationKey | null>(null);

  const flush = () => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const next = pending.current;
    pending.current = null;
    if (!next) return;
    const stored = selectDraftOf(store.getState(), next.key);
    if (sameDraft(stored, next.draft)) return;
    lastWrite.current = Date.now();
    void dispatch(saveDraft(next));
  };

  // Opening a conversation: what was typed goes to the one left, its own draft comes back.
  useEffect(() => {
    const keyChanged = seenKey.current !== key;
    seenKey.current = key;
    if (loaded.current === key) return;
    const switched = loaded.current !== null;
    if (switched) flush();
    if (!key || !ready) return;
    loaded.current = key;
    // The typing effect below runs in this commit only when the key changed (not when the
    // drafts became ready later): only then does it see the field of the conversation left.
    justOpened.current = keyChanged;
    const stored = selectDraftOf(store.getState(), key);
    // A draft this device cannot open (not approved yet) shows as none; it stays stored as it is.
    const draft = stored?.locked ? null : stored;
    // At start, what was typed before the drafts arrived stays unless a draft replaces it.
    if (draft || switched) setText(draft?.text ?? '');
    if (draft?.replyTo) dispatch(composeStarted({ kind: 'reply', messageId: draft.replyTo }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on a change of conversation only
  }, [key, ready]);

  // Typing: at most one write a second, the last state always written.
  useEffect(() => {
    const at = loaded.current;
    if (justOpened.current) {
      justOpened.current = false;
      return;
    }
    if (!at || at !== key || editing) return;
    const draft = text.trim() || replyTo ? { text, ...(replyTo ? { replyTo } : {}) } : null;
    pending.current = { key: at, draft };
    const wait = lastWrite.current + DRAFT_SAVE_MS - Date.now();
    if (wait <= 0) flush();
    else timer.current ??= setTimeout(flush, wait);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- flush reads refs
  }, [text, replyTo, editing, key]);

  // A reply put back may quote a message older than the loaded pages: it is read by id.
  const unloadedReply = useAppSelector(selectUnloadedReply);
  useEffect(() => {
    if (unloadedReply) void dispatch(loadQuote(unloadedReply));
  }, [dispatch, unloadedReply]);

  // Leaving the chat writes what is still waiting; so does hiding or leaving the page (a reload
  // or a closed tab within the second after the last key), as far as the browser lets it.
  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', flush);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', flush);
      flush();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- flush reads refs
  }, []);
}
