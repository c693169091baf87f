import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../components/document-title';
import { authStrings } from './auth-strings';
import { spec } from '../../strings/spec';
import { AuthLayout } from './AuthLayout';
import { GoogleSignInButton } from './GoogleSignInButton';
import { LoginForm } from './LoginForm';
import { showLoginToast } from './login-toast';
import { ResetPasswordPanel } from './ResetPasswordPanel';
import { returnPath } from './return-path';
import { LOGIN_REDIRECT_MS } from './timing';
import { useDelayedNavigate } from './use-delayed-navigate';
import { useSignedInRedirect } from './use-signed-in-redirect';

export function LoginPage() {
  const navigateLater = useDelayedNavigate();
  useDocumentTitle(authStrings.a11y.titles.login);
  const [resetOpen, setResetOpen] = useState(false);
  // Carried between the login form and the reset panel so nobody types it twice.
  const [email, setEmail] = useState('');
  // One sign-in at a time: Google and the password form lock each other out.
  const [busy, setBusy] = useState(false);
  const [signedIn, setSignedIn] = useState(false);
  const state: unknown = useLocation().state;
  const redirect = useSignedInRedirect(busy || signedIn);

  function handleSignedIn() {
    setSignedIn(true);
    showLoginToast();
    navigateLater(returnPath(state), LOGIN_REDIRECT_MS);
  }

  const footer = (
    <>
      {authStrings.auth.noAccount}{' '}
      <Link to={paths.register} className="font-semibold text-brand-600 hover:underline">
        {spec.auth.signUp}
      </Link>
    </>
  );

  if (redirect) return redirect;

  return (
    <AuthLayout
      title={authStrings.auth.loginTitle}
      subtitle={authStrings.auth.loginSubtitle}
      footer={footer}
    >
      {resetOpen ? (
        <ResetPasswordPanel
          initialEmail={email}
          onBack={(typed) => {
            setEmail(typed);
            setResetOpen(false);
          }}
        />
      ) : (
        <>
          <GoogleSignInButton
            locked={busy || signedIn}
            onBusyChange={setBusy}
            onSignedIn={handleSignedIn}
          />
          <Divider />
          <LoginForm
            initialEmail={email}
            locked={busy || signedIn}
            onBusyChange={setBusy}
            onSignedIn={handleSignedIn}
            onForgotPassword={(typed) => {
              setEmail(typed);
              setResetOpen(true);
            }}
          />
        </>
      )}
    </AuthLayout>
  );
}

function Divider() {
  return (
    <div className="my-6 flex items-center gap-4 text-sm text-slate-500" aria-hidden="true">
      <span className="h-px flex-1 bg-slate-200" />
      {authStrings.auth.orDivider}
      <span className="h-px flex-1 bg-slate-200" />
    </div>
  );
}
