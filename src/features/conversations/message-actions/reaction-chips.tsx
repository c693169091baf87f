import { memo, useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { ConversationMessage } from '../../../lib/firebase/conversations/shapes';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectMyUid } from '../../friends';
import { useDisplayNames } from '../../profiles';
import { toggleReaction } from './conversations-reactions-thunks';
import { conversationsStrings } from '../conversations-strings';
import { reactionChips, type People } from './message-actions';
import { useControlTabIndex } from '../message';

const strings = conversationsStrings.reactions;

/** The reactions under a message: a chip per emoji with its count; mine marked and toggled. */
export const ReactionChips = memo(function ReactionChips({
  message,
  mine,
}: {
  message: ConversationMessage;
  mine: boolean;
}) {
  const me = useAppSelector(selectMyUid);
  const chips = reactionChips(message.reactions);
  if (chips.length === 0) return null;
  return (
    <ul
      aria-label={strings.chips}
      className={`-mt-1.5 flex flex-wrap gap-1 px-2 ${mine ? 'justify-end' : 'justify-start'}`}
    >
      {chips.map(({ emoji, people }) => (
        <li key={emoji}>
          <ReactionChip message={message} emoji={emoji} people={people} me={me} />
        </li>
      ))}
    </ul>
  );
});

function ReactionChip({
  message,
  emoji,
  people,
  me,
}: {
  message: ConversationMessage;
  emoji: string;
  people: People;
  me: string;
}) {
  const dispatch = useAppDispatch();
  // The chip while its list of names is shown.
  const [shown, setShown] = useState<HTMLElement | null>(null);
  const tip = useId();
  const pressed = people.some(([uid]) => uid === me);
  const tabIndex = useControlTabIndex();
  return (
    <>
      <button
        type="button"
        tabIndex={tabIndex}
        aria-pressed={pressed}
        aria-label={strings.chip(emoji, people.length, pressed)}
        aria-describedby={shown ? tip : undefined}
        onClick={() => void dispatch(toggleReaction({ messageId: message.id, emoji }))}
        onMouseEnter={(event) => setShown(event.currentTarget)}
        onMouseLeave={() => setShown(null)}
        onFocus={(event) => setShown(event.currentTarget)}
        onBlur={() => setShown(null)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setShown(null);
        }}
        className={`flex h-7 items-center gap-1 rounded-full border px-2 text-sm leading-none shadow-xs transition-colors focus:outline-hidden focus-visible:ring-2 focus-visible:ring-brand-300 ${
          pressed
            ? 'border-brand-300 bg-brand-50 text-brand-800 hover:bg-brand-100'
            : 'border-slate-200 bg-white text-slate-700 hover:bg-slate-50'
        }`}
      >
        <span aria-hidden>{emoji}</span>
        <span aria-hidden className="text-xs font-semibold tabular-nums">
          {people.length}
        </span>
      </button>
      {shown ? (
        <WhoReacted id={tip} anchor={shown} message={message} people={people} me={me} />
      ) : null}
    </>
  );
}

/**
 * The names of who reacted, read live (a rename shows at once), above the chip. In a portal
 * with fixed coordinates, so the list's scrolling box never clips it.
 */
function WhoReacted({
  id,
  anchor,
  message,
  people,
  me,
}: {
  id: string;
  anchor: HTMLElement;
  message: ConversationMessage;
  people: People;
  me: string;
}) {
  const copied = (uid: string) =>
    uid === message.senderId
      ? message.senderName
      : uid === message.receiverId
        ? message.receiverName
        : strings.someone;
  const others = people.filter(([uid]) => uid !== me).map(([uid]) => ({ uid, name: copied(uid) }));
  const names = useDisplayNames(others);
  const mineToo = others.length < people.length;
  const text = [...(mineToo ? [conversationsStrings.messageActions.you] : []), ...names].join(', ');
  const box = useRef<HTMLSpanElement>(null);
  const [at, setAt] = useState<{ left: number; top: number } | null>(null);
  useLayoutEffect(() => {
    const chip = anchor.getBoundingClientRect();
    const size = box.current?.getBoundingClientRect();
    const width = size?.width ?? 0;
    const height = size?.height ?? 0;
    const left = Math.min(
      Math.max(8, chip.left + chip.width / 2 - width / 2),
      window.innerWidth - width - 8,
    );
    const above = chip.top - height - 6;
    setAt({ left, top: above >= 8 ? above : chip.bottom + 6 });
  }, [anchor, text]);
  return createPortal(
    <span
      ref={box}
      id={id}
      role="tooltip"
      style={at ? { left: at.left, top: at.top } : { left: 0, top: 0, visibility: 'hidden' }}
      className="pointer-events-none fixed z-50 max-w-64 rounded-lg bg-slate-900 px-2.5 py-1.5 text-xs font-medium text-white shadow-lg"
    >
      {text}
    </span>,
    document.body,
  );
}
