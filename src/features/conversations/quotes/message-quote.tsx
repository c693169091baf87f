import { useEffect } from 'react';
import type { ConversationMessage } from '../../../lib/firebase/conversations/shapes';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectMyUid } from '../../friends';
import { useDisplayName } from '../../profiles';
import { jumpToMessage, loadQuote } from './conversations-quotes-thunks';
import { selectLoadedMessage } from '../timeline';
import { conversationsStrings } from '../conversations-strings';
import { quoteLine } from '../message-actions';
import { useControlTabIndex } from '../message';

const strings = conversationsStrings.quotes;

/** The quoted message: loaded, read once by id, or where it stands (null: gone). */
function useOriginal(id: string): ConversationMessage | null | 'loading' | 'failed' {
  const dispatch = useAppDispatch();
  const loaded = useAppSelector((state) => selectLoadedMessage(state, id));
  const fetched = useAppSelector((state) => state.conversationQuotes.fetched[id]);
  useEffect(() => {
    if (!loaded) void dispatch(loadQuote(id));
  }, [dispatch, loaded, id]);
  if (loaded) return loaded;
  return fetched === undefined ? 'loading' : fetched;
}

const quoteFrame = (mine: boolean) =>
  `mb-1 block w-full min-w-0 rounded-lg border-l-4 px-2.5 py-1 text-left text-sm ${
    mine ? 'border-white/70 bg-white/15' : 'border-brand-400 bg-white/80'
  }`;

/**
 * The message a reply answers, at the top of its bubble: author and first line, read from the
 * original (a quote stores only its id), so a deleted original shows as deleted. A click shows
 * the original in the list and highlights it.
 */
export function MessageQuote({ id, mine }: { id: string; mine: boolean }) {
  const original = useOriginal(id);
  if (typeof original !== 'object' || original === null) {
    const text =
      original === 'loading'
        ? strings.loading
        : original === 'failed'
          ? strings.failed
          : conversationsStrings.messageActions.deleted;
    return <span className={`${quoteFrame(mine)} italic opacity-80`}>{text}</span>;
  }
  return <QuoteButton id={id} original={original} mine={mine} />;
}

function QuoteButton({
  id,
  original,
  mine,
}: {
  id: string;
  original: ConversationMessage;
  mine: boolean;
}) {
  const dispatch = useAppDispatch();
  const me = useAppSelector(selectMyUid);
  const sender = original.senderId;
  const name = useDisplayName(sender === me ? null : sender, original.senderName);
  const author = sender === me ? conversationsStrings.messageActions.you : name;
  const line = quoteLine(original);
  const tabIndex = useControlTabIndex();
  return (
    <button
      type="button"
      tabIndex={tabIndex}
      title={strings.jumpHint}
      aria-label={`${strings.label(author)}: ${line}`}
      onClick={() => void dispatch(jumpToMessage(id))}
      className={`${quoteFrame(mine)} cursor-pointer hover:brightness-95 focus:outline-hidden focus-visible:ring-2 ${
        mine ? 'focus-visible:ring-white' : 'focus-visible:ring-brand-300'
      }`}
    >
      <span
        className={`block truncate text-xs font-semibold ${mine ? 'text-white' : 'text-brand-700'}`}
      >
        {author}
      </span>
      <span
        // White on my bubble: brand-50 there was 4.3:1, under the 4.5:1 small text needs.
        className={`block truncate ${original.deleted ? 'italic' : ''} ${mine ? 'text-white' : 'text-slate-700'}`}
      >
        {line}
      </span>
    </button>
  );
}
