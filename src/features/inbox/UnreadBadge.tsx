import { inboxStrings } from './inbox-strings';

/**
 * A count in a pill, read out as "3 unread messages"; nothing when there are none. Grey for a
 * muted conversation.
 */
export function UnreadBadge({
  count,
  className = '',
  muted = false,
}: {
  count: number;
  className?: string;
  muted?: boolean;
}) {
  if (count <= 0) return null;
  return (
    <span
      className={`inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full ${muted ? 'bg-slate-500' : 'bg-brand-500'} px-1.5 text-xs font-bold text-white ${className}`}
    >
      <span aria-hidden>{count > 99 ? '99+' : count}</span>
      <span className="sr-only">{inboxStrings.unread(count)}</span>
    </span>
  );
}
