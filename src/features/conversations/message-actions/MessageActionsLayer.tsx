import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { SmileIcon } from '../../../components/icons';
import { Menu, type MenuItem } from '../../../components/Menu';
import { toast } from '../../../components/toast';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import type { ConversationMessage } from '../../../lib/firebase/conversations/shapes';
import { selectMyUid } from '../../friends';
import { composeStarted } from '../timeline';
import { conversationsStrings } from '../conversations-strings';
import { DeleteMessageDialog } from './DeleteMessageDialog';
import { ForwardDialog } from './ForwardDialog';
import { CopyIcon, ForwardIcon, PencilIcon, ReplyIcon, TrashIcon } from './message-action-icons';
import {
  MessageActionsContext,
  OpenActionsContext,
  type MenuPlace,
  type MessageActionHandlers,
} from './message-actions-context';
import { copyableText, messageActions, type MessageActions } from './message-actions-policy';
import { ReactionPopover } from './ReactionPopover';

const strings = conversationsStrings.messageActions;

type Open =
  | {
      kind: 'menu';
      message: ConversationMessage;
      returnTo: HTMLElement;
      place: MenuPlace;
      allowed: MessageActions;
    }
  | { kind: 'react'; message: ConversationMessage; anchor: HTMLElement }
  | { kind: 'forward'; message: ConversationMessage }
  | { kind: 'delete'; message: ConversationMessage; forEveryone: boolean }
  | null;

async function copyText(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(strings.copied);
  } catch {
    toast.error(strings.copyFailed);
  }
}

/**
 * The message actions of one list: rows ask through MessageActionsContext, and the one open
 * menu, reaction popover or dialog lives here, outside the windowed rows.
 */
export function MessageActionsLayer({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const me = useAppSelector(selectMyUid);
  const [open, setOpen] = useState<Open>(null);

  const reply = useCallback(
    (message: ConversationMessage) =>
      dispatch(composeStarted({ kind: 'reply', messageId: message.id })),
    [dispatch],
  );
  const handlers = useMemo<MessageActionHandlers>(
    () => ({
      // What the menu offers is decided as it opens (the edit window is by the clock).
      openMenu: (message, returnTo, place) =>
        setOpen({
          kind: 'menu',
          message,
          returnTo,
          place,
          allowed: messageActions(message, me, Date.now()),
        }),
      react: (message, anchor) => setOpen({ kind: 'react', message, anchor }),
      reply,
    }),
    [reply, me],
  );

  const closeMenu = (refocus: boolean) => {
    if (refocus && open?.kind === 'menu') open.returnTo.focus();
    setOpen(null);
  };
  const menuItems = (
    message: ConversationMessage,
    allowed: MessageActions,
    returnTo: HTMLElement,
  ): MenuItem[] => {
    // Runs an item: the menu closes and the focus goes back to the message first, so that a
    // dialog opened next returns it there too.
    const item = (label: string, icon: ReactNode, run: () => void, danger = false): MenuItem => ({
      label,
      icon,
      danger,
      onSelect: () => {
        closeMenu(true);
        run();
      },
    });
    const items: MenuItem[] = [];
    // The menu is the only way to react where there is no hover toolbar (a long press on a phone).
    if (allowed.react)
      items.push(
        item(strings.react, <SmileIcon className="h-4 w-4" />, () =>
          setOpen({ kind: 'react', message, anchor: returnTo }),
        ),
      );
    if (allowed.reply) items.push(item(strings.reply, <ReplyIcon />, () => reply(message)));
    if (allowed.forward)
      items.push(
        item(strings.forward, <ForwardIcon />, () => setOpen({ kind: 'forward', message })),
      );
    if (allowed.copy)
      items.push(item(strings.copy, <CopyIcon />, () => void copyText(copyableText(message))));
    if (allowed.edit)
      items.push(
        item(strings.edit, <PencilIcon />, () =>
          dispatch(composeStarted({ kind: 'edit', messageId: message.id })),
        ),
      );
    items.push(
      item(
        strings.delete,
        <TrashIcon />,
        () => setOpen({ kind: 'delete', message, forEveryone: allowed.deleteForEveryone }),
        true,
      ),
    );
    return items;
  };

  const openId = open?.kind === 'menu' || open?.kind === 'react' ? open.message.id : null;
  return (
    <MessageActionsContext.Provider value={handlers}>
      <OpenActionsContext.Provider value={openId}>{children}</OpenActionsContext.Provider>
      {open?.kind === 'menu' ? (
        <Menu
          name={{ label: strings.menu }}
          items={menuItems(open.message, open.allowed, open.returnTo)}
          place={open.place}
          // Inside the page's landmark (axe 'region'); fixed, so no scroll area clips it.
          host={open.returnTo.closest('main') ?? undefined}
          onClose={closeMenu}
        />
      ) : null}
      {open?.kind === 'react' ? (
        <ReactionPopover
          message={open.message}
          anchor={open.anchor}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open?.kind === 'forward' ? (
        <ForwardDialog message={open.message} onClose={() => setOpen(null)} />
      ) : null}
      {open?.kind === 'delete' ? (
        <DeleteMessageDialog
          message={open.message}
          forEveryone={open.forEveryone}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </MessageActionsContext.Provider>
  );
}
