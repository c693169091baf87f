/** Field rules shared by the yup schemas (registration) and the login screen's checks. */

/**
 * A practical e-mail pattern: a local part without spaces or a second '@', then a domain of
 * dot-separated labels ending in a top-level domain of at least two letters. Stricter than
 * yup's `email()`, which accepts "a@b"; the identity service would refuse those anyway.
 */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;

/** Names are 2-15 characters; the spec's message says 2-16 and is kept verbatim. */
export const NAME_MIN = 2;
export const NAME_MAX = 15;
export const PASSWORD_MIN = 8;

export interface RegisterValues {
  email: string;
  fullName: string;
  password: string;
}

export interface LoginValues {
  email: string;
  password: string;
}
