import { useFormik } from 'formik';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from '../../components/toast';
import { useGateways } from '../../store/hooks';
import { Button } from '../../components/Button';
import { PasswordField } from '../../components/PasswordField';
import { TextField } from '../../components/TextField';
import { paths } from '../../config/paths';
import { fieldProps } from '../../lib/form-field';
import { useDocumentTitle } from '../../components/document-title';
import { authStrings } from './auth-strings';
import { spec } from '../../strings/spec';
import { AuthLayout } from './AuthLayout';
import { errorCode } from './auth-errors';
import { AuthForm, EmailField } from './auth-form';
import { registerSchema, type RegisterValues } from './schemas';
import { REGISTER_REDIRECT_MS } from './timing';
import { useDelayedNavigate } from './use-delayed-navigate';
import { useSignedInRedirect } from './use-signed-in-redirect';

const emptyValues: RegisterValues = { email: '', fullName: '', password: '' };

export function RegisterPage() {
  const navigateLater = useDelayedNavigate();
  useDocumentTitle(authStrings.a11y.titles.register);
  // Stays true through the redirect delay, so the form cannot be sent again meanwhile.
  const [done, setDone] = useState(false);

  const { auth: authApi } = useGateways();
  const formik = useFormik<RegisterValues>({
    initialValues: emptyValues,
    validationSchema: registerSchema,
    onSubmit: async (values, helpers) => {
      try {
        await authApi.register({
          email: values.email.trim(),
          password: values.password,
          username: values.fullName,
        });
      } catch (error) {
        toast.error(errorCode(error));
        helpers.resetForm();
        return;
      }
      setDone(true);
      toast.info(spec.toast.verificationSent1);
      toast.info(spec.toast.verificationSent2);
      toast.success(spec.toast.accountCreated);
      navigateLater(paths.login, REGISTER_REDIRECT_MS);
    },
  });

  const busy = formik.isSubmitting || done;
  const redirect = useSignedInRedirect(busy);
  if (redirect) return redirect;

  return (
    <AuthLayout
      title={authStrings.auth.registerTitle}
      subtitle={authStrings.auth.registerSubtitle}
      footer={
        <>
          {authStrings.auth.haveAccount}{' '}
          <Link to={paths.login} className="font-semibold text-brand-600 hover:underline">
            {authStrings.auth.signIn}
          </Link>
        </>
      }
    >
      <AuthForm
        label={authStrings.auth.registerForm}
        blocked={busy}
        onSubmit={formik.handleSubmit}
        onTypedBeforeHydration={(typed) => void formik.setValues({ ...formik.values, ...typed })}
      >
        <EmailField {...fieldProps(formik, 'email')} />
        <TextField
          label={authStrings.auth.fullNameLabel}
          autoComplete="username"
          placeholder={authStrings.auth.fullNamePlaceholder}
          {...fieldProps(formik, 'fullName')}
        />
        <PasswordField
          label={authStrings.auth.passwordLabel}
          autoComplete="new-password"
          placeholder={authStrings.auth.passwordPlaceholder}
          {...fieldProps(formik, 'password')}
        />
        <Button type="submit" fullWidth loading={busy}>
          {spec.auth.signUp}
        </Button>
      </AuthForm>
    </AuthLayout>
  );
}
