import {
  HELD_CLICK_ATTR,
  HIDDEN_ATTR,
  HYDRATED_FLAG,
  PENDING_CLICK,
  PENDING_SUBMIT,
  PRERENDERED_ATTR,
} from './markers.ts';

/**
 * The one inline script of a prerendered page, run in <head> before the form paints:
 *  - a stored Firebase session (the test of deferred-auth.ts; unreadable storage counts as one)
 *    or a URL that is not the prerendered route hides #root until the app has decided, so a
 *    signed-in visitor never sees the form;
 *  - a submit before the app hydrated is held (no navigation, no typed password in a URL) and
 *    sent by the app once the form is hydrated (auth-form.tsx);
 *  - so is a click before then on a button marked `HELD_CLICK_ATTR` ('Forget Password').
 * Its SHA-256 is in firebase.json's script-src (tests/config/firebase-json.test.ts).
 */
export const beforeHydrationScript = `(function(){var d=document.documentElement,w=window,h=0;try{for(var i=0;i<localStorage.length;i++)if(/^firebase:authUser:.+:\\[DEFAULT\\]$/.test(localStorage.key(i)||""))h=1}catch(e){h=1}if((location.pathname.replace(/\\/+$/,"")||"/")!==d.getAttribute("${PRERENDERED_ATTR}"))h=1;if(h)d.setAttribute("${HIDDEN_ATTR}","");document.addEventListener("submit",function(e){if(!w.${HYDRATED_FLAG}){e.preventDefault();w.${PENDING_SUBMIT}=e.target}},true);document.addEventListener("click",function(e){var b=!w.${HYDRATED_FLAG}&&e.target.closest&&e.target.closest("[${HELD_CLICK_ATTR}]");if(b)w.${PENDING_CLICK}=b.getAttribute("${HELD_CLICK_ATTR}")},true)})()`;

/** Hides the prerendered screen while the script above says so. */
export const hiddenRootCss = `html[${HIDDEN_ATTR}] #root{visibility:hidden}`;
