import { useState } from 'react';
import { componentsStrings } from './components-strings';
import { EyeIcon, EyeOffIcon } from './icons';
import { TextField, type TextFieldProps } from './TextField';

type Props = Omit<TextFieldProps, 'type' | 'trailing'>;

/** A password input with a show/hide toggle that keeps focus and cursor where they are. */
export function PasswordField(props: Props) {
  const [visible, setVisible] = useState(false);
  const toggleLabel = visible
    ? componentsStrings.form.hidePassword
    : componentsStrings.form.showPassword;
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={toggleLabel}
          aria-pressed={visible}
          title={toggleLabel}
          className="rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-700 focus:outline-hidden focus-visible:ring-4 focus-visible:ring-brand-100"
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      }
    />
  );
}
