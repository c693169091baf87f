import { AlertIcon } from '../../components/icons';
import { useAppSelector } from '../../store/hooks';
import { selectDataLoadFailed } from '../../store/session';
import { shellStrings } from './shell-strings';

/**
 * Says so when the database code could not be downloaded after home's first paint: the panels
 * would otherwise wait forever. A browser keeps a failed module import failed, so only a
 * reload fetches it again.
 */
export function DataLoadFailed() {
  if (!useAppSelector(selectDataLoadFailed)) return null;
  return (
    <p
      role="alert"
      className="flex items-center gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-2 text-sm text-red-800"
    >
      <AlertIcon className="h-4 w-4 shrink-0" />
      <span className="min-w-0 flex-1">{shellStrings.app.dataLoadFailed}</span>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="rounded-lg bg-red-600 px-3 py-1 font-medium text-white hover:bg-red-700 focus:outline-hidden focus-visible:ring-4 focus-visible:ring-red-200"
      >
        {shellStrings.app.dataLoadReload}
      </button>
    </p>
  );
}
