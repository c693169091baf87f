import { object, string } from 'yup';
import { strings } from '../../strings';

const v = strings.validation;

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

// Tests run in the spec's order and formik shows the first failure per field.
const email = (requiredMessage: string) =>
  string().trim().required(requiredMessage).matches(EMAIL_PATTERN, v.emailInvalid);

const password = string()
  .required(v.passwordRequired)
  .min(PASSWORD_MIN, v.passwordMin)
  .matches(/[A-Z]/, v.passwordUpper)
  .matches(/[a-z]/, v.passwordLower)
  .matches(/[0-9]/, v.passwordDigit);

const fullName = string()
  .required(v.nameRequired)
  .min(NAME_MIN, v.nameLength)
  .max(NAME_MAX, v.nameLength)
  .matches(/^[A-Za-z]/, v.nameStart)
  .matches(/^\w*$/, v.nameChars);

export const registerSchema = object({
  email: email(v.registerEmailRequired),
  fullName,
  password,
});

export const loginSchema = object({
  email: email(v.loginEmailRequired),
  password,
});

/** The reset panel has one message for both an empty and a malformed address. */
export const resetSchema = object({
  email: string()
    .trim()
    .required(v.resetEmailRequired)
    .matches(EMAIL_PATTERN, v.resetEmailRequired),
});

export interface RegisterValues {
  email: string;
  fullName: string;
  password: string;
}

export interface LoginValues {
  email: string;
  password: string;
}
