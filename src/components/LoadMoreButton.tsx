import { componentsStrings } from './components-strings';
import { Spinner } from './Spinner';

interface Props {
  /** The next page was asked for and has not arrived yet. */
  loading: boolean;
  onClick: () => void;
  /** Defaults to 'Load more'. */
  label?: string;
  /** -1 where the keys of the list it pages load more themselves. */
  tabIndex?: -1;
}

/** 'Load more' under a paged list, with a spinner while the next page loads. */
export function LoadMoreButton({
  loading,
  onClick,
  label = componentsStrings.home.loadMore,
  tabIndex,
}: Props) {
  return (
    <button
      type="button"
      tabIndex={tabIndex}
      onClick={onClick}
      disabled={loading}
      className="mx-auto my-2 flex items-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold text-brand-600 hover:bg-brand-50 disabled:text-slate-400"
    >
      {loading ? <Spinner className="h-4 w-4" /> : null}
      {label}
    </button>
  );
}
