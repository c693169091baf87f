import { useId } from 'react';

interface Props {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (on: boolean) => void;
}

/** A labelled on/off switch (a checkbox with role="switch"). */
export function Toggle({ label, checked, disabled = false, onChange }: Props) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4 py-2">
      <label htmlFor={id} className="text-slate-700">
        {label}
      </label>
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        className="h-5 w-9 cursor-pointer accent-brand-500 disabled:cursor-not-allowed"
      />
    </div>
  );
}
