import type { ReactNode } from 'react';

interface Props {
  icon?: ReactNode;
  /** Says what to do next, not only that the list is empty. */
  message: ReactNode;
  action?: ReactNode;
}

export function EmptyState({ icon, message, action }: Props) {
  return (
    <div className="flex h-full flex-col items-center justify-center gap-3 px-6 py-8 text-center">
      {icon ? (
        <span className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-500">
          {icon}
        </span>
      ) : null}
      <p className="max-w-xs text-sm leading-relaxed text-slate-500">{message}</p>
      {action}
    </div>
  );
}
