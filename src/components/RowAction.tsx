import { useRef, useState, type ReactNode } from 'react';
import { Spinner } from './Spinner';

type Variant = 'primary' | 'secondary' | 'danger' | 'status';

interface Props {
  label: string;
  /** Omitted for a status label (e.g. 'panding'), which renders disabled. */
  onAction?: () => Promise<unknown> | undefined;
  variant?: Variant;
  /** Names the row in the accessible name, e.g. "Add Bob". */
  context?: string;
  disabled?: boolean;
  /** Shows only this icon (the label becomes the accessible name and tooltip). */
  icon?: ReactNode;
}

const variants: Record<Variant, string> = {
  primary: 'bg-brand-500 text-white shadow-xs hover:bg-brand-600 disabled:bg-brand-500/60',
  secondary: 'border border-slate-200 bg-white text-slate-600 hover:bg-slate-50',
  danger: 'border border-rose-200 bg-white text-rose-600 hover:bg-rose-50',
  status: 'cursor-default bg-slate-100 text-slate-500',
};

const shapes = { text: 'min-w-19 px-3 py-1.5', icon: 'h-8 w-8' };

/**
 * The compact button of a list row. While its action runs it is disabled and shows a spinner;
 * a ref guards the moment before React re-renders, so a double click starts one action.
 */
export function RowAction({
  label,
  onAction,
  variant = 'primary',
  context,
  disabled,
  icon,
}: Props) {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const isStatus = !onAction || variant === 'status';

  async function run() {
    if (!onAction || running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await onAction();
    } finally {
      running.current = false;
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      onClick={() => void run()}
      disabled={isStatus || disabled || busy}
      aria-busy={busy || undefined}
      aria-label={context ? `${label} ${context}` : icon ? label : undefined}
      title={icon ? label : undefined}
      className={`${icon ? shapes.icon : shapes.text} inline-flex shrink-0 items-center justify-center gap-1.5 rounded-lg text-sm font-semibold transition-colors focus:outline-hidden focus-visible:ring-4 focus-visible:ring-brand-100 disabled:cursor-not-allowed ${variants[isStatus ? 'status' : variant]}`}
    >
      {busy ? <Spinner className="h-4 w-4" /> : icon}
      {icon ? null : label}
    </button>
  );
}
