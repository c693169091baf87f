import { useAppSelector } from '../../store/hooks';
import { AlertIcon } from '../../components/icons';
import { inboxStrings } from './inbox-strings';
import { selectOffline } from './inbox-selectors';

/** Says the app is offline (from `.info/connected`); messages sent meanwhile wait as pending. */
export function OfflineBanner() {
  const offline = useAppSelector(selectOffline);
  if (!offline) return null;
  return (
    <p
      role="status"
      className="flex items-center gap-2 border-b border-amber-200 bg-amber-50 px-6 py-2 text-sm text-amber-800"
    >
      <AlertIcon className="h-4 w-4 shrink-0" />
      {inboxStrings.offline}
    </p>
  );
}
