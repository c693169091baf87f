import { useFormik } from 'formik';
import { useEffect } from 'react';
import { HELD_CLICK_ATTR, takeHeldClick } from '../../prerender/markers';
import { toast } from '../../components/toast';
import { useGateways } from '../../store/hooks';
import { Button } from '../../components/Button';
import { PasswordField } from '../../components/PasswordField';
import { fieldProps } from '../../lib/form-field';
import { authStrings } from './auth-strings';
import { spec } from '../../strings/spec';
import { errorCode, isInvalidCredential } from './auth-errors';
import { AuthForm, EmailField } from './auth-form';
import type { LoginValues } from './form-rules';
import { validateLogin } from './login-validation';

const FORGOT_CLICK = 'forgot-password';

interface Props {
  /** Pre-fills the e-mail, e.g. after coming back from the reset panel. */
  initialEmail: string;
  /** Another sign-in is in flight or done; the form cannot be sent meanwhile. */
  locked: boolean;
  onBusyChange: (busy: boolean) => void;
  onSignedIn: () => void;
  onForgotPassword: (email: string) => void;
}

export function LoginForm({
  initialEmail,
  locked,
  onBusyChange,
  onSignedIn,
  onForgotPassword,
}: Props) {
  const { auth: authApi } = useGateways();
  const formik = useFormik<LoginValues>({
    initialValues: { email: initialEmail, password: '' },
    validate: validateLogin,
    onSubmit: async (values, helpers) => {
      onBusyChange(true);
      try {
        const result = await authApi.signInWithPassword(values.email.trim(), values.password);
        if (result.status === 'emailNotVerified') {
          toast.error(spec.toast.emailNotVerified);
        } else {
          onSignedIn();
        }
      } catch (error) {
        const code = errorCode(error);
        if (isInvalidCredential(code)) {
          toast.error(spec.toast.invalidCredential);
        } else {
          toast.error(code);
          helpers.resetForm({ values: { email: '', password: '' } });
        }
      } finally {
        onBusyChange(false);
      }
    },
  });

  // 'Forget Password' clicked in the prerendered page before the app hydrated it: opened now,
  // with the e-mail typed meanwhile (still only in the DOM: AuthForm adopts it a render later).
  useEffect(() => {
    if (!takeHeldClick(FORGOT_CLICK)) return;
    const button = document.querySelector<HTMLButtonElement>(
      `[${HELD_CLICK_ATTR}="${FORGOT_CLICK}"]`,
    );
    const typed = button?.form?.elements.namedItem('email');
    onForgotPassword(typed instanceof HTMLInputElement ? typed.value : initialEmail);
    // Once, for the hydrated page: later renders bring new callbacks, not new clicks.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const busy = formik.isSubmitting;

  return (
    <AuthForm
      label={authStrings.auth.loginForm}
      blocked={busy || locked}
      onSubmit={formik.handleSubmit}
      onTypedBeforeHydration={(typed) => void formik.setValues({ ...formik.values, ...typed })}
    >
      <EmailField {...fieldProps(formik, 'email')} />
      <div>
        <PasswordField
          label={authStrings.auth.passwordLabel}
          autoComplete="current-password"
          placeholder={authStrings.auth.passwordPlaceholder}
          {...fieldProps(formik, 'password')}
        />
        <div className="mt-2 text-right">
          <Button
            variant="link"
            className="text-sm"
            {...{ [HELD_CLICK_ATTR]: FORGOT_CLICK }}
            onClick={() => onForgotPassword(formik.values.email)}
          >
            {spec.auth.forgetPassword}
          </Button>
        </div>
      </div>
      <Button type="submit" fullWidth loading={busy} disabled={locked}>
        {spec.auth.loginToContinue}
      </Button>
    </AuthForm>
  );
}
