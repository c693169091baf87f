import { createContext } from 'react';
import type { ChatMessage } from '../../lib/firebase/conversations-message';

/** Where a menu opens: a point, its left edge there ('start') or its right edge ('end'). */
export interface MenuPlace {
  x: number;
  y: number;
  align: 'start' | 'end';
  /** The top of what it opened from: with no room below, the menu goes above that. */
  above?: number;
}

/**
 * What a message row asks of its list (MessageActionsLayer): one menu, popover or dialog at a
 * time for the whole list, so a row Virtuoso takes out of the DOM loses nothing open.
 */
export interface MessageActionHandlers {
  /** `returnTo` gets the focus back when the menu closes (Escape, or an action done). */
  openMenu: (message: ChatMessage, returnTo: HTMLElement, place: MenuPlace) => void;
  react: (message: ChatMessage, anchor: HTMLElement) => void;
  reply: (message: ChatMessage) => void;
}

export const MessageActionsContext = createContext<MessageActionHandlers | null>(null);

/** The message whose menu or reaction popover is open: its toolbar stays shown. */
export const OpenActionsContext = createContext<string | null>(null);
