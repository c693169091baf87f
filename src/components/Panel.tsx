import { useId, type ReactNode } from 'react';
import type { LoadStatus } from '../lib/load-status';
import { componentsStrings } from './components-strings';
import { libStrings } from '../lib/lib-strings';
import { EmptyState } from './EmptyState';
import { AlertIcon } from './icons';

interface Props {
  title: string;
  /** Shown next to the title once the list has loaded. */
  count?: number;
  /** E.g. the plus icon that creates a group. */
  action?: ReactNode;
  /** E.g. a search box, between the title and the list. */
  toolbar?: ReactNode;
  status: LoadStatus;
  error?: string | null;
  isEmpty: boolean;
  empty: ReactNode;
  emptyIcon?: ReactNode;
  /** Below the list inside the scroll area, e.g. "Load more". */
  footer?: ReactNode;
  children: ReactNode;
}

/**
 * A dashboard card: a title, then a list that scrolls on its own (fading at a cut edge). From
 * 768 px wide it fills the cell its screen gives it; below, it is 24rem tall. Until the list's
 * listener answers it shows placeholder rows; an error or an empty list says what to do.
 */
export function Panel(props: Props) {
  const { title, count, action, toolbar, status, footer } = props;
  const titleId = useId();
  const showCount = status === 'ready' && count !== undefined && count > 0;
  return (
    <section
      aria-labelledby={titleId}
      aria-busy={status === 'loading' || undefined}
      className="flex h-96 min-h-0 flex-col rounded-2xl md:h-full bg-white shadow-[0_2px_12px_rgba(15,23,42,0.06)] ring-1 ring-slate-100"
    >
      <header className="flex items-center justify-between gap-3 px-5 pb-3 pt-4">
        <h2 id={titleId} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          {title}
          {showCount ? (
            <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-600">
              <span aria-hidden="true">{count}</span>
              <span className="sr-only">{componentsStrings.a11y.panelCount(count)}</span>
            </span>
          ) : null}
        </h2>
        {action}
      </header>
      {toolbar ? <div className="px-5 pb-3">{toolbar}</div> : null}
      <div className="scroll-fade min-h-0 flex-1 overflow-y-auto px-2 pb-2 pt-px">
        <PanelBody {...props} />
        {footer}
      </div>
    </section>
  );
}

function PanelBody({ status, error, isEmpty, empty, emptyIcon, children }: Props) {
  if (status === 'loading' || status === 'idle') return <SkeletonRows />;
  if (status === 'error') {
    return (
      <EmptyState
        icon={<AlertIcon />}
        message={
          <>
            <span className="block font-semibold text-slate-700">
              {libStrings.home.errors.loadFailed}
            </span>
            {error}
          </>
        }
      />
    );
  }
  if (isEmpty) return <EmptyState icon={emptyIcon} message={empty} />;
  return <>{children}</>;
}

function SkeletonRows() {
  return (
    <ul aria-label={componentsStrings.app.loading} className="space-y-1 px-3 py-2">
      {[0, 1, 2, 3].map((row) => (
        <li key={row} className="flex animate-pulse items-center gap-3 py-2">
          <span className="h-12 w-12 rounded-full bg-slate-100" />
          <span className="flex-1 space-y-2">
            <span className="block h-3 w-2/5 rounded-sm bg-slate-100" />
            <span className="block h-3 w-3/5 rounded-sm bg-slate-100" />
          </span>
        </li>
      ))}
    </ul>
  );
}
