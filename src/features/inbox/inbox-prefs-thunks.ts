import { createAppAsyncThunk } from '../../store/create-app-thunk';
import type { ConversationKey } from '../../lib/conversation-key';
import { PIN_LIMIT, type MutedUntil } from '../../lib/firebase/inbox/shapes';
import { attemptWrite } from '../../lib/write-failure';
import { selectActiveUser } from '../../store/session';
import { inboxStrings } from './inbox-strings';

export type MuteChoice = '8h' | '1w' | 'always' | 'off';

const HOUR = 60 * 60 * 1000;

/** When a mute chosen at `now` ends ('off' unmutes). */
export function muteUntil(choice: MuteChoice, now: number): MutedUntil | null {
  switch (choice) {
    case '8h':
      return now + 8 * HOUR;
    case '1w':
      return now + 7 * 24 * HOUR;
    case 'always':
      return 'always';
    case 'off':
      return null;
  }
}

const failed = inboxStrings.prefs.saveFailed;

export const muteConversation = createAppAsyncThunk(
  'inbox/mute',
  ({ key, choice }: { key: ConversationKey; choice: MuteChoice }, api) => {
    const uid = selectActiveUser(api.getState())?.uid;
    if (!uid) return api.rejectWithValue(failed);
    const until = muteUntil(choice, Date.now());
    return attemptWrite(
      failed,
      () => api.extra.inboxPrefs.setMute(uid, key, until),
      api.rejectWithValue,
    );
  },
);

export const archiveConversation = createAppAsyncThunk(
  'inbox/archive',
  ({ key, archived }: { key: ConversationKey; archived: boolean }, api) => {
    const uid = selectActiveUser(api.getState())?.uid;
    if (!uid) return api.rejectWithValue(failed);
    return attemptWrite(
      failed,
      () => api.extra.inboxPrefs.setArchived(uid, key, archived),
      api.rejectWithValue,
    );
  },
);

/** Pins at the end of the list, or unpins; a fourth pin is refused with a message. */
export const pinConversation = createAppAsyncThunk(
  'inbox/pin',
  ({ key, pinned }: { key: ConversationKey; pinned: boolean }, api) => {
    const state = api.getState();
    const uid = selectActiveUser(state)?.uid;
    if (!uid) return api.rejectWithValue(failed);
    const pins = state.inboxPrefs.prefs.pins.filter((pin) => pin !== key);
    if (pinned && pins.length >= PIN_LIMIT)
      return api.rejectWithValue(inboxStrings.prefs.pinLimit(PIN_LIMIT));
    const next = pinned ? [...pins, key] : pins;
    return attemptWrite(failed, () => api.extra.inboxPrefs.setPins(uid, next), api.rejectWithValue);
  },
);
