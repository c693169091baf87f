import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';
import { IconButton } from '../../components/IconButton';
import { CloseIcon } from '../../components/icons';
import type { ConversationKey } from '../../lib/conversation-key';
import { useAppDispatch } from '../../store/hooks';
import { searchResultChosen } from './search-actions';
import { searchStrings } from './search-strings';
import { useFindResults } from './use-find-results';

const strings = searchStrings.find;

/**
 * The Find in conversation bar beside its field (FindInConversation): the matches of the open
 * conversation oldest first, the newest shown first; Next and Previous (Enter and Shift+Enter)
 * move through them with 'N of M'. Of many matches only the newest 200 are stepped through (past the oldest of them, Previous
 * wraps to the newest); 'N of M' counts them all.
 */
export function FindBar({
  conv,
  query,
  stepRef,
  onClose,
}: {
  conv: ConversationKey;
  query: string;
  /** Where the field's Enter and Shift+Enter find Previous and Next. */
  stepRef: RefObject<((by: number) => void) | null>;
  onClose: () => void;
}) {
  const dispatch = useAppDispatch();
  const [at, setAt] = useState<number | null>(null);
  const { hits, total: all, query: answered } = useFindResults(conv, query.trim());
  const total = hits.length;
  /** Where the first match handed over stands among all of them. */
  const skipped = all - total;
  // A new answer starts at the newest match.
  const [seen, setSeen] = useState(answered);
  if (seen !== answered) {
    setSeen(answered);
    setAt(total > 0 ? total - 1 : null);
  }
  const current = at !== null && at < total ? at : null;
  const currentId = current !== null ? hits[current]?.doc.messageId : undefined;
  useEffect(() => {
    if (currentId) dispatch(searchResultChosen({ conv, messageId: currentId }));
  }, [dispatch, conv, currentId]);
  const move = (step: number) => {
    if (total === 0) return;
    setAt(((current ?? total - 1) + step + total) % total);
  };
  useLayoutEffect(() => {
    stepRef.current = move;
    return () => {
      stepRef.current = null;
    };
  });
  return (
    <>
      <span className="text-xs whitespace-nowrap text-slate-600" role="status">
        {query.trim() === ''
          ? ''
          : total === 0
            ? strings.none
            : strings.count(skipped + (current ?? 0) + 1, all)}
      </span>
      <button
        type="button"
        className="rounded px-2 py-1 text-sm hover:bg-slate-100"
        onClick={() => move(-1)}
        disabled={total === 0}
      >
        {strings.previous}
      </button>
      <button
        type="button"
        className="rounded px-2 py-1 text-sm hover:bg-slate-100"
        onClick={() => move(1)}
        disabled={total === 0}
      >
        {strings.next}
      </button>
      <IconButton label={strings.close} icon={<CloseIcon />} onClick={onClose} />
    </>
  );
}
