import { conversationsStrings } from '../conversations-strings';
import { ArrowDownIcon } from '../../../components/icons';

/** Shown while I am scrolled up: back to the newest message, with how many came since. */
export function JumpToLatest({ count, onClick }: { count: number; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="absolute bottom-3 right-5 flex items-center gap-2 rounded-full bg-white px-4 py-2 text-sm font-semibold text-brand-600 shadow-lg ring-1 ring-slate-200 hover:bg-brand-50"
    >
      <ArrowDownIcon className="h-4 w-4" />
      {conversationsStrings.chatReading.jumpToLatest}
      {count > 0 ? (
        <span className="rounded-full bg-brand-500 px-2 py-0.5 text-xs text-white">
          {conversationsStrings.chatReading.newCount(count)}
        </span>
      ) : null}
    </button>
  );
}
