import type { ReactNode, SubmitEvent } from 'react';
import { TextField, type TextFieldProps } from '../../components/TextField';
import { strings } from '../../strings';

const s = strings.auth;

interface AuthFormProps {
  label: string;
  /** While true, sending (Enter or the submit button) does nothing. */
  blocked: boolean;
  onSubmit: (event: SubmitEvent<HTMLFormElement>) => void;
  children: ReactNode;
}

/** The login and registration forms' frame: the browser's validation off, one send at a time. */
export function AuthForm({ label, blocked, onSubmit, children }: AuthFormProps) {
  return (
    <form
      aria-label={label}
      noValidate
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        if (!blocked) onSubmit(event);
      }}
    >
      {children}
    </form>
  );
}

type EmailFieldProps = Omit<TextFieldProps, 'label' | 'type' | 'autoComplete' | 'placeholder'>;

/** The account's e-mail field, alike on every account screen. */
export function EmailField(props: EmailFieldProps) {
  return (
    <TextField
      label={s.emailLabel}
      type="email"
      autoComplete="email"
      placeholder={s.emailPlaceholder}
      {...props}
    />
  );
}
