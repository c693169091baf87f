import { useFormik } from 'formik';
import { toast } from '../../components/toast';
import { useGateways } from '../../store/hooks';
import { Button } from '../../components/Button';
import { fieldProps } from '../../lib/form-field';
import { authStrings } from './auth-strings';
import { spec } from '../../strings/spec';
import { errorCode } from './auth-errors';
import { EmailField } from './auth-form';
import { validateReset } from './login-validation';

interface Props {
  initialEmail: string;
  onBack: (email: string) => void;
}

/** The 'Forget Password?' panel: one e-mail field, a send button and a way back. */
export function ResetPasswordPanel({ initialEmail, onBack }: Props) {
  const { auth: authApi } = useGateways();
  const formik = useFormik({
    initialValues: { email: initialEmail },
    validate: validateReset,
    onSubmit: async ({ email }) => {
      try {
        await authApi.sendPasswordReset(email.trim());
      } catch (error) {
        toast.error(errorCode(error));
        return;
      }
      toast.success(authStrings.auth.resetSent);
      onBack(email.trim());
    },
  });

  return (
    <section aria-labelledby="reset-title">
      <h2 id="reset-title" className="text-xl font-bold text-slate-900">
        {authStrings.auth.resetTitle}
      </h2>
      <p className="mt-1 text-sm text-slate-500">{authStrings.auth.resetSubtitle}</p>
      <form noValidate className="mt-6 space-y-5" onSubmit={formik.handleSubmit}>
        <EmailField
          // The panel replaces the login form; put the cursor where the user will type.
          autoFocus
          {...fieldProps(formik, 'email')}
        />
        <div className="flex flex-col gap-3">
          <Button type="submit" fullWidth loading={formik.isSubmitting}>
            {spec.auth.sendResetEmail}
          </Button>
          <Button variant="secondary" fullWidth onClick={() => onBack(formik.values.email)}>
            {spec.auth.backToLogin}
          </Button>
        </div>
      </form>
    </section>
  );
}
