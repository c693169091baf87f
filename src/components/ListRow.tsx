import type { ReactNode } from 'react';

interface Props {
  avatar: ReactNode;
  title: string;
  subtitle?: ReactNode;
  /** Small text on the title's line, e.g. a conversation's last time: it takes no room from the preview. */
  meta?: ReactNode;
  actions?: ReactNode;
  /** Extra content under the row, e.g. a group's join requests. */
  children?: ReactNode;
  /** Makes the avatar and title one button, e.g. to open a conversation. */
  onSelect?: () => void;
  /** Highlights the row as the selected one. */
  selected?: boolean;
}

const mainBox = 'flex min-w-[min(100%,10rem)] flex-1 items-center gap-3';

/**
 * One person or group in a panel list. Off-screen rows skip layout and paint
 * (content-visibility), so a panel with hundreds of rows stays smooth without a windowing library.
 */
export function ListRow(props: Props) {
  const { avatar, title, subtitle, meta, actions, children, onSelect, selected = false } = props;
  const main = (
    <>
      {avatar}
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline gap-2">
          <p className="line-clamp-2 min-w-0 flex-1 font-semibold text-slate-900 wrap-anywhere">
            {title}
          </p>
          {meta ? <span className="shrink-0">{meta}</span> : null}
        </div>
        {subtitle ? <div className="line-clamp-2 text-sm text-slate-600">{subtitle}</div> : null}
      </div>
    </>
  );
  return (
    <li
      aria-label={title}
      className={`rounded-xl px-3 py-2.5 transition-colors [contain-intrinsic-size:auto_4.5rem] [content-visibility:auto] ${selected ? 'bg-brand-50 ring-1 ring-brand-200' : 'hover:bg-slate-50'}`}
    >
      {/* The name keeps at least 10rem (two lines): buttons that leave it less wrap under it. */}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        {onSelect ? (
          <button
            type="button"
            onClick={onSelect}
            aria-pressed={selected}
            className={`${mainBox} rounded-lg text-left focus:outline-hidden focus-visible:ring-4 focus-visible:ring-brand-100`}
          >
            {main}
          </button>
        ) : (
          <div className={mainBox}>{main}</div>
        )}
        {actions ? <div className="ml-auto flex shrink-0 items-center gap-2">{actions}</div> : null}
      </div>
      {children}
    </li>
  );
}

export function RowList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul aria-label={label} className="space-y-0.5">
      {children}
    </ul>
  );
}
