/**
 * What the prerendered signed-out pages (scripts/build/prerender.ts) and the app agree on: the
 * attributes the inline head script sets on <html> and the global it keeps a submit in.
 */

/** On <html>: the path whose screen #root holds, rendered at build time. */
export const PRERENDERED_ATTR = 'data-prerendered';
/** On <html> while the prerendered form must stay hidden (a stored session, another route). */
export const HIDDEN_ATTR = 'data-prerender-hidden';
/** The form sent before the app hydrated it (the inline script keeps it for the app). */
export const PENDING_SUBMIT = '__chattyPendingSubmit';
/** Set once the app hydrated a form: from then on submits are the app's. */
export const HYDRATED_FLAG = '__chattyHydrated';
/** On a button whose click before hydration the app makes once hydrated; its value names it. */
export const HELD_CLICK_ATTR = 'data-held-click';
/** The `HELD_CLICK_ATTR` value of the last such button clicked before hydration. */
export const PENDING_CLICK = '__chattyPendingClick';

interface PrerenderGlobals {
  [PENDING_SUBMIT]?: HTMLFormElement | null;
  [PENDING_CLICK]?: string | null;
  [HYDRATED_FLAG]?: boolean;
}

export function prerenderGlobals(): PrerenderGlobals {
  return window as unknown as PrerenderGlobals;
}

/** Whether the button marked `HELD_CLICK_ATTR` = `name` was clicked before hydration (once). */
export function takeHeldClick(name: string): boolean {
  const page = prerenderGlobals();
  if (page[PENDING_CLICK] !== name) return false;
  page[PENDING_CLICK] = null;
  return true;
}

/** `/login/` and `/login` are one route. */
export function normalPath(pathname: string): string {
  return pathname.replace(/\/+$/, '') || '/';
}
