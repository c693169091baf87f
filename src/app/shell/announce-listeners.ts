import type { UnknownAction } from '@reduxjs/toolkit';
import type { AppStartListening } from '../../store/store';
import { conversationKey, type ConversationKey } from '../../lib/conversation-key';
import type { ConversationMessage } from '../../lib/firebase/conversations/shapes';
import { shellStrings } from './shell-strings';
import { selectActiveUser } from '../../store/session';
import { announce } from './announcer';

/** The conversations slice's live-window answer (`latestReceived`). */
const LATEST_RECEIVED = 'conversations/latestReceived';

interface LatestReceived {
  type: typeof LATEST_RECEIVED;
  payload: { key: ConversationKey; messages: ConversationMessage[] };
}

const isLatestReceived = (action: UnknownAction): action is LatestReceived & UnknownAction =>
  action.type === LATEST_RECEIVED;

/**
 * Reads out, through the polite live region, each message that arrives from someone else in the
 * open conversation. The first answer of a conversation (its history) and my own sends are not
 * news, so only messages new to an already loaded conversation are announced.
 */
export function addAnnounceListeners(start: AppStartListening): void {
  start({
    predicate: isLatestReceived,
    effect: (action, api) => {
      const { key, messages } = (action as LatestReceived).payload;
      const before = api.getOriginalState().conversations;
      const open = before.conversationId
        ? conversationKey(before.kind, before.conversationId)
        : null;
      if (open !== key || before.status !== 'ready') return;
      const me = selectActiveUser(api.getState())?.uid;
      // Older messages sit in pages outside `entities`: one older than the live window's
      // oldest is one coming back into it (a newer one refused), never news.
      const oldestLive = before.ids.length > 0 ? before.entities[before.ids[0]] : undefined;
      for (const message of messages) {
        if (message.senderId === me || message.id in before.entities) continue;
        if (oldestLive && message.createdAt < oldestLive.createdAt) continue;
        const name = message.senderName;
        announce(
          message.text
            ? shellStrings.a11y.incomingMessage(name, message.text)
            : shellStrings.a11y.incomingPhoto(name),
        );
      }
    },
  });
}
