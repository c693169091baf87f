import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectSearchPaused, selectSearchProgress } from './search-selectors';
import { searchPaused } from './search-slice';
import { searchStrings } from './search-strings';

/** 'Indexing 2,300 of about 12,000 messages' while history is indexed, with Pause and Resume. */
export function SearchProgressLine() {
  const dispatch = useAppDispatch();
  const progress = useAppSelector(selectSearchProgress);
  const paused = useAppSelector(selectSearchPaused);
  if (!progress) return null;
  const { indexing, paused: pausedText, pause, resume } = searchStrings.progress;
  return (
    <div className="flex items-center gap-3 text-xs text-slate-600">
      <progress className="h-1.5 w-24" max={progress.total} value={progress.indexed} />
      <span role="status">
        {indexing(progress.indexed, progress.total) + (paused ? ` (${pausedText})` : '')}
      </span>
      <button
        type="button"
        className="rounded px-2 py-0.5 font-medium text-brand-700 hover:bg-brand-50"
        onClick={() => dispatch(searchPaused(!paused))}
      >
        {paused ? resume : pause}
      </button>
    </div>
  );
}
