import { useEffect, useRef, useState } from 'react';
import { IconButton } from '../../components/IconButton';
import { CloseIcon } from '../../components/icons';
import type { ConversationKey } from '../../lib/conversation-key';
import { useAppDispatch } from '../../store/hooks';
import { searchResultChosen } from './search-actions';
import { searchStrings } from './search-strings';
import { useFindResults } from './use-find-results';

const strings = searchStrings.find;

/**
 * The Find in conversation bar: the matches of the open conversation oldest first, the newest
 * shown first; Next and Previous (Enter and Shift+Enter) move through them with 'N of M'. Of
 * many matches only the newest 200 are stepped through (past the oldest of them, Previous
 * wraps to the newest); 'N of M' counts them all.
 */
export function FindBar({
  conv,
  query,
  onQuery,
  onClose,
}: {
  conv: ConversationKey;
  query: string;
  onQuery: (query: string) => void;
  onClose: () => void;
}) {
  const dispatch = useAppDispatch();
  const field = useRef<HTMLInputElement>(null);
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
  useEffect(() => {
    // The caret goes after what was typed while this bar was loading.
    const input = field.current;
    input?.focus();
    input?.setSelectionRange(input.value.length, input.value.length);
  }, []);
  const move = (step: number) => {
    if (total === 0) return;
    setAt(((current ?? total - 1) + step + total) % total);
  };
  return (
    <div
      role="search"
      aria-label={strings.label}
      className="flex items-center gap-2 rounded-xl bg-white px-3 py-2 shadow-xs ring-1 ring-slate-100"
    >
      <input
        ref={field}
        type="search"
        aria-label={strings.field}
        value={query}
        onChange={(event) => onQuery(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            move(event.shiftKey ? 1 : -1);
          } else if (event.key === 'Escape') onClose();
        }}
        className="min-w-0 flex-1 rounded-lg border border-slate-200 px-2 py-1 text-sm focus:border-brand-500 focus:outline-hidden"
      />
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
    </div>
  );
}
