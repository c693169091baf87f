import { createAppAsyncThunk } from '../../../store/create-app-thunk';
import type { ConversationKey } from '../../../lib/conversation-key';
import type { Draft } from '../../../lib/firebase/conversations';
import { attemptWrite } from '../../../lib/write-failure';
import { selectActiveUser } from '../../../store/session';
import { conversationsStrings } from '../conversations-strings';

/** Keeps what I typed in a conversation, or removes it when `draft` is null. */
export const saveDraft = createAppAsyncThunk(
  'conversations/saveDraft',
  ({ key, draft }: { key: ConversationKey; draft: Draft | null }, api) => {
    const uid = selectActiveUser(api.getState())?.uid;
    if (!uid) return undefined;
    const failed = conversationsStrings.drafts.saveFailed;
    return attemptWrite(
      failed,
      () => (draft ? api.extra.drafts.save(uid, key, draft) : api.extra.drafts.remove(uid, key)),
      api.rejectWithValue,
    );
  },
);
