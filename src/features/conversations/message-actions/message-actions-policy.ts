import type { ConversationMessage } from '../../../lib/firebase/conversations/shapes';

/** The rules' windows (docs/data-model.md, Message actions), from the server time of sending. */
export const EDIT_WINDOW_MS = 15 * 60 * 1000;
export const DELETE_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface MessageActions {
  react: boolean;
  reply: boolean;
  forward: boolean;
  /** A text to copy: the message, or a photo's caption. */
  copy: boolean;
  edit: boolean;
  /** 'Delete' is offered on every message: for me always, for everyone within the window. */
  deleteForEveryone: boolean;
}

/**
 * What 'Copy text' copies: the text, a photo's caption ('' when it has none), a file's name;
 * nothing of a voice message.
 */
export function copyableText(message: ConversationMessage): string {
  if (message.file)
    return message.file.kind === 'voice' ? '' : (message.file.descriptor?.name ?? '');
  return message.image ? message.image.caption : message.text;
}

/**
 * What a message's menu offers me. The rules decide in the end (server time); this only keeps
 * out of the menu what they would refuse, by this device's clock.
 */
export function messageActions(
  message: ConversationMessage,
  me: string,
  now: number,
): MessageActions {
  if (message.deleted) {
    return {
      react: false,
      reply: false,
      forward: false,
      copy: false,
      edit: false,
      deleteForEveryone: false,
    };
  }
  const mine = message.senderId === me;
  const age = now - message.createdAt;
  return {
    react: true,
    reply: true,
    forward: true,
    copy: copyableText(message).length > 0,
    edit: mine && !message.image && !message.file && age <= EDIT_WINDOW_MS,
    deleteForEveryone: mine && age <= DELETE_WINDOW_MS,
  };
}
