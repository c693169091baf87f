import { createAction } from '@reduxjs/toolkit';
import type { ConversationKey } from '../../lib/conversation-key';

/** A search result or a Find in conversation match was chosen: show it in its conversation. */
export const searchResultChosen = createAction<{ conv: ConversationKey; messageId: string }>(
  'search/resultChosen',
);
