import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { FormError } from './FormError';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** Shown under the field once it is set; the field is then marked invalid. */
  error?: string | undefined;
  /** Rendered inside the field on the right, e.g. the password visibility toggle. */
  trailing?: ReactNode;
}

const inputBase =
  'block w-full rounded-lg border bg-white px-4 py-3 text-slate-900 shadow-xs ' +
  'placeholder:text-slate-400 focus:outline-hidden focus:ring-4 transition-colors';

/** A labelled input with its error underneath, wired for screen readers. */
export function TextField({
  label,
  error,
  trailing,
  id,
  className = '',
  ...inputProps
}: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const tone = error
    ? 'border-red-400 focus:border-red-500 focus:ring-red-100'
    : 'border-slate-300 focus:border-brand-500 focus:ring-brand-100';
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-semibold text-slate-700">
        {label}
      </label>
      <div className="relative">
        <input
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={`${inputBase} ${tone} ${trailing ? 'pr-12' : ''}`}
          {...inputProps}
        />
        {trailing ? (
          <div className="absolute inset-y-0 right-0 flex items-center pr-2">{trailing}</div>
        ) : null}
      </div>
      <FormError id={errorId} message={error} />
    </div>
  );
}
