import type { ButtonHTMLAttributes, ReactNode } from 'react';

interface Props extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Read out by screen readers and shown as the tooltip: an icon alone says nothing. */
  label: string;
  icon: ReactNode;
  tone?: 'brand' | 'plain';
}

const tones = {
  brand: 'bg-brand-500 text-white shadow-xs hover:bg-brand-600',
  plain: 'text-slate-500 hover:bg-slate-100 hover:text-slate-700',
};

export function IconButton({
  label,
  icon,
  tone = 'plain',
  className = '',
  type = 'button',
  ...rest
}: Props) {
  return (
    <button
      type={type}
      aria-label={label}
      title={label}
      className={`inline-flex h-9 w-9 items-center justify-center rounded-full transition-colors focus:outline-hidden focus-visible:ring-4 focus-visible:ring-brand-100 disabled:opacity-50 ${tones[tone]} ${className}`}
      {...rest}
    >
      {icon}
    </button>
  );
}
