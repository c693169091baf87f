import { useFormik } from 'formik';
import { toast } from 'react-toastify';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { authApi } from '../../lib/firebase/auth';
import { strings } from '../../strings';
import { errorCode } from './auth-errors';
import { resetSchema } from './schemas';

interface Props {
  initialEmail: string;
  onBack: (email: string) => void;
}

const s = strings.auth;

/** The 'Forget Password?' panel: one e-mail field, a send button and a way back. */
export function ResetPasswordPanel({ initialEmail, onBack }: Props) {
  const formik = useFormik({
    initialValues: { email: initialEmail },
    validationSchema: resetSchema,
    onSubmit: async ({ email }) => {
      try {
        await authApi.sendPasswordReset(email.trim());
      } catch (error) {
        toast.error(errorCode(error));
        return;
      }
      toast.success(s.resetSent);
      onBack(email.trim());
    },
  });
  const error = formik.touched.email ? formik.errors.email : undefined;

  return (
    <section aria-labelledby="reset-title">
      <h2 id="reset-title" className="text-xl font-bold text-slate-900">
        {s.resetTitle}
      </h2>
      <p className="mt-1 text-sm text-slate-500">{s.resetSubtitle}</p>
      <form noValidate className="mt-6 space-y-5" onSubmit={formik.handleSubmit}>
        <TextField
          label={s.emailLabel}
          type="email"
          autoComplete="email"
          placeholder={s.emailPlaceholder}
          // The panel replaces the login form; put the cursor where the user will type.
          autoFocus
          {...formik.getFieldProps('email')}
          error={error}
        />
        <div className="flex flex-col gap-3">
          <Button type="submit" fullWidth loading={formik.isSubmitting}>
            {s.sendResetEmail}
          </Button>
          <Button variant="secondary" fullWidth onClick={() => onBack(formik.values.email)}>
            {s.backToLogin}
          </Button>
        </div>
      </form>
    </section>
  );
}
