import { useEffect, useRef, useState, type ReactNode, type SubmitEvent } from 'react';
import { TextField, type TextFieldProps } from '../../components/TextField';
import { HYDRATED_FLAG, PENDING_SUBMIT, prerenderGlobals } from '../../prerender/markers';
import { authStrings } from './auth-strings';

interface AuthFormProps {
  label: string;
  /** While true, sending (Enter or the submit button) does nothing. */
  blocked: boolean;
  onSubmit: (event: SubmitEvent<HTMLFormElement>) => void;
  /** Takes over what was typed into the prerendered form before the app hydrated it. */
  onTypedBeforeHydration: (values: Record<string, string>) => void;
  children: ReactNode;
}

/** The login and registration forms' frame: the browser's validation off, one send at a time. */
export function AuthForm({
  label,
  blocked,
  onSubmit,
  onTypedBeforeHydration,
  children,
}: AuthFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [sendHeldSubmit, setSendHeldSubmit] = useState(false);
  const adopt = useRef(onTypedBeforeHydration);

  // Once hydrated (or drawn by the app), the form is the app's: what was typed into the
  // prerendered HTML goes into the form's state, and a submit the page held is sent now.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const page = prerenderGlobals();
    page[HYDRATED_FLAG] = true;
    const typed = typedBeforeHydration(form);
    if (Object.keys(typed).length > 0) adopt.current(typed);
    if (page[PENDING_SUBMIT] === form) {
      page[PENDING_SUBMIT] = null;
      setSendHeldSubmit(true);
    }
  }, []);
  // After the render that holds the adopted values, so the submit sends them.
  const heldSubmitSent = useRef(false);
  useEffect(() => {
    if (!sendHeldSubmit || heldSubmitSent.current) return;
    heldSubmitSent.current = true;
    formRef.current?.requestSubmit();
  }, [sendHeldSubmit]);

  return (
    <form
      ref={formRef}
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

/**
 * Inputs whose value differs from the one rendered: hydration keeps what the visitor typed in
 * the DOM, and the rendered value is the input's defaultValue.
 */
function typedBeforeHydration(form: HTMLFormElement): Record<string, string> {
  const typed: Record<string, string> = {};
  for (const input of form.querySelectorAll('input')) {
    if (input.name && input.value !== input.defaultValue) typed[input.name] = input.value;
  }
  return typed;
}

type EmailFieldProps = Omit<TextFieldProps, 'label' | 'type' | 'autoComplete' | 'placeholder'>;

/** The account's e-mail field, alike on every account screen. */
export function EmailField(props: EmailFieldProps) {
  return (
    <TextField
      label={authStrings.auth.emailLabel}
      type="email"
      autoComplete="email"
      placeholder={authStrings.auth.emailPlaceholder}
      {...props}
    />
  );
}
