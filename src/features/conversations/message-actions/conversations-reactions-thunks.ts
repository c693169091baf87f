import { createAppAsyncThunk } from '../../../store/create-app-thunk';
import { conversationKey } from '../../../lib/conversation-key';
import { describeWriteFailure } from '../../../lib/write-failure';
import { selectMyUid } from '../../friends';
import { conversationTarget } from '../timeline';
import { reactionSet, selectLoadedMessage } from '../timeline';
import { conversationsStrings } from '../conversations-strings';

/**
 * Adds my `emoji` to a message of the open conversation, or takes it back when it is there
 * (1:1 and group alike). Shown at once; offline the SDK queues the write and sends it once
 * connected. A refusal puts the chips back as they were and becomes the toast text.
 */
export const toggleReaction = createAppAsyncThunk(
  'conversations/toggleReaction',
  async (
    { messageId, emoji }: { messageId: string; emoji: string },
    { getState, dispatch, extra, rejectWithValue },
  ) => {
    const { react: what, gone } = conversationsStrings.reactions.errors;
    const state = getState();
    const target = conversationTarget(state);
    if (target.kind === 'closed') return rejectWithValue(`${what}: ${target.reason}`);
    const message = selectLoadedMessage(state, messageId);
    if (!message || message.deleted) return rejectWithValue(`${what}: ${gone}`);
    const me = selectMyUid(state);
    const on = message.reactions?.[emoji]?.[me] === undefined;
    const key = conversationKey(target.kind, target.id);
    const show = (shown: boolean) =>
      dispatch(reactionSet({ key, messageId, emoji, uid: me, on: shown, at: Date.now() }));
    show(on);
    try {
      await (target.kind === 'group'
        ? extra.conversations.group.react(target.parties, message, emoji, on)
        : extra.conversations.direct.react(target.parties, message, emoji, on));
    } catch (error) {
      show(!on);
      return rejectWithValue(describeWriteFailure(what, error));
    }
  },
);
