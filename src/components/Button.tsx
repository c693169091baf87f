import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Spinner } from './Spinner';

type Variant = 'primary' | 'secondary' | 'link';

interface Props extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  /** While true the button is disabled and shows a spinner, so a request cannot be sent twice. */
  loading?: boolean;
  /** Shown before the label; replaced by the spinner while loading. */
  icon?: ReactNode;
  fullWidth?: boolean;
}

const base =
  'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors ' +
  'focus:outline-hidden focus-visible:ring-4 disabled:cursor-not-allowed';

const variants: Record<Variant, string> = {
  primary:
    'bg-brand-500 px-5 py-3 text-white shadow-xs hover:bg-brand-600 focus-visible:ring-brand-100 ' +
    'disabled:bg-brand-500/60',
  secondary:
    'border border-slate-300 bg-white px-5 py-3 text-slate-700 shadow-xs hover:bg-slate-50 ' +
    'focus-visible:ring-brand-100 disabled:text-slate-400',
  link: 'px-1 text-brand-600 underline-offset-4 hover:underline focus-visible:ring-brand-100',
};

/** The app's button: one look per variant, a busy state, never a double submit. */
export function Button({
  variant = 'primary',
  loading = false,
  icon,
  fullWidth = false,
  type = 'button',
  disabled,
  className = '',
  children,
  ...rest
}: Props) {
  return (
    <button
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={`${base} ${variants[variant]} ${fullWidth ? 'w-full' : ''} ${className}`}
      {...rest}
    >
      {loading ? <Spinner className="h-5 w-5" /> : icon}
      {children}
    </button>
  );
}
