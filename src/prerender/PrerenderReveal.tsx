import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useAppSelector } from '../store/hooks';
import { paths } from '../config/paths';
import { selectSessionStatus } from '../store/session';
import { HIDDEN_ATTR, normalPath } from './markers';

const signedOutScreens: readonly string[] = [paths.register, paths.login];

/**
 * Shows #root again once the app has decided what a hidden prerendered page becomes
 * (inline-script.ts): signed out, the form; signed in, the screen it was sent on to (the
 * account screens' redirect commits with the next screen, so the form never shows between).
 */
export function PrerenderReveal() {
  const status = useAppSelector(selectSessionStatus);
  const onSignedOutScreen = signedOutScreens.includes(normalPath(useLocation().pathname));
  const decided = status === 'signedOut' || (status === 'signedIn' && !onSignedOutScreen);
  useEffect(() => {
    if (decided) document.documentElement.removeAttribute(HIDDEN_ATTR);
  }, [decided]);
  return null;
}
