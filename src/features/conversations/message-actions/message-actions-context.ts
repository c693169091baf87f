import { createContext } from 'react';
import type { MenuPlace } from '../../../components/Menu';
import type { ConversationMessage } from '../../../lib/firebase/conversations/shapes';

export type { MenuPlace };

/**
 * What a message row asks of its list (MessageActionsLayer): one menu, popover or dialog at a
 * time for the whole list, so a row Virtuoso takes out of the DOM loses nothing open.
 */
export interface MessageActionHandlers {
  /** `returnTo` gets the focus back when the menu closes (Escape, or an action done). */
  openMenu: (message: ConversationMessage, returnTo: HTMLElement, place: MenuPlace) => void;
  react: (message: ConversationMessage, anchor: HTMLElement) => void;
  reply: (message: ConversationMessage) => void;
}

export const MessageActionsContext = createContext<MessageActionHandlers | null>(null);

/** The message whose menu or reaction popover is open: its toolbar stays shown. */
export const OpenActionsContext = createContext<string | null>(null);
