/** Delays of the spec (section 9) between a success toast and the next screen. */
export const LOGIN_REDIRECT_MS = 1000;
export const REGISTER_REDIRECT_MS = 2000;
