import type { ReactNode } from 'react';
import { MoreIcon, SmileIcon } from '../../../components/icons';
import { conversationsStrings } from '../conversations-strings';
import { ReplyIcon } from './message-action-icons';

const strings = conversationsStrings.messageActions;

function ToolbarButton({
  label,
  icon,
  onClick,
  expanded,
  tabIndex,
}: {
  label: string;
  icon: ReactNode;
  onClick: (button: HTMLButtonElement) => void;
  expanded?: boolean;
  tabIndex: -1 | undefined;
}) {
  return (
    <button
      type="button"
      tabIndex={tabIndex}
      aria-label={label}
      title={label}
      aria-haspopup={expanded === undefined ? undefined : 'menu'}
      aria-expanded={expanded}
      onClick={(event) => onClick(event.currentTarget)}
      className="inline-flex h-8 w-8 items-center justify-center rounded-full text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-800 focus:outline-hidden focus-visible:ring-2 focus-visible:ring-brand-300"
    >
      {icon}
    </button>
  );
}

/**
 * 'React', 'Reply' and 'More actions' beside a hovered or focused message. A deleted message
 * keeps only the menu (its 'Delete' hides it for me). Out of the Tab order (`tabIndex` -1)
 * until Tab enters the message.
 */
export function MessageToolbar({
  tabIndex,
  canReact,
  menuOpen,
  onReact,
  onReply,
  onMore,
}: {
  tabIndex: -1 | undefined;
  canReact: boolean;
  menuOpen: boolean;
  onReact: (anchor: HTMLElement) => void;
  onReply: () => void;
  onMore: (button: HTMLElement) => void;
}) {
  return (
    <div
      role="group"
      aria-label={strings.menu}
      className="flex shrink-0 items-center self-center rounded-full bg-white p-0.5 shadow-sm ring-1 ring-slate-200"
    >
      {canReact ? (
        <>
          <ToolbarButton
            label={strings.react}
            icon={<SmileIcon className="h-4 w-4" />}
            onClick={onReact}
            tabIndex={tabIndex}
          />
          <ToolbarButton
            label={strings.reply}
            icon={<ReplyIcon />}
            onClick={onReply}
            tabIndex={tabIndex}
          />
        </>
      ) : null}
      <ToolbarButton
        label={strings.more}
        icon={<MoreIcon className="h-4 w-4" />}
        expanded={menuOpen}
        onClick={onMore}
        tabIndex={tabIndex}
      />
    </div>
  );
}
