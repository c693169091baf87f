/** Texts of the auth feature; the spec's verbatim ones are in src/strings/spec.ts. */
export const authStrings = {
  auth: {
    // Not in the spec: headings, labels and hints of the account screens.
    registerForm: 'Registration',
    loginForm: 'Login',
    registerTitle: 'Create your account',
    registerSubtitle: 'Sign up free and start chatting with your friends.',
    loginTitle: 'Welcome back',
    loginSubtitle: 'Log in to pick up your conversations where you left them.',
    resetTitle: 'Reset your password',
    resetSubtitle: 'Type the e-mail of your account and we will send you a reset link.',
    emailLabel: 'Email address',
    fullNameLabel: 'Full name',
    passwordLabel: 'Password',
    emailPlaceholder: 'you@example.com',
    fullNamePlaceholder: 'e.g. Sarah_Lee',
    passwordPlaceholder: 'At least 8 characters',
    orDivider: 'or',
    haveAccount: 'Already have an account?',
    noAccount: 'Don’t have an account?',
    signIn: 'Sign in',
    resetSent: 'A password reset e-mail is on its way if that address has an account.',
    heroTitle: 'Chat with the people who matter.',
    heroBody: 'Find friends, make groups and keep every conversation in one place.',
    heroPoints: ['Friend requests in a tap', 'Groups for every circle', 'Messages in real time'],
  },
  a11y: {
    /** Tab titles, one per screen: "<screen> · Chatty". */
    titles: {
      register: 'Sign up',
      login: 'Log in',
    },
  },
} as const;
