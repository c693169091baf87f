import { object, string } from 'yup';
import { spec } from '../../strings/spec';
import { EMAIL_PATTERN, NAME_MAX, NAME_MIN, PASSWORD_MIN } from './form-rules';

export { type RegisterValues } from './form-rules';

// Tests run in the spec's order and formik shows the first failure per field.
const email = (requiredMessage: string) =>
  string().trim().required(requiredMessage).matches(EMAIL_PATTERN, spec.validation.emailInvalid);

const password = string()
  .required(spec.validation.passwordRequired)
  .min(PASSWORD_MIN, spec.validation.passwordMin)
  .matches(/[A-Z]/, spec.validation.passwordUpper)
  .matches(/[a-z]/, spec.validation.passwordLower)
  .matches(/[0-9]/, spec.validation.passwordDigit);

const fullName = string()
  .required(spec.validation.nameRequired)
  .min(NAME_MIN, spec.validation.nameLength)
  .max(NAME_MAX, spec.validation.nameLength)
  .matches(/^[A-Za-z]/, spec.validation.nameStart)
  .matches(/^\w*$/, spec.validation.nameChars);

export const registerSchema = object({
  email: email(spec.validation.registerEmailRequired),
  fullName,
  password,
});

export const loginSchema = object({
  email: email(spec.validation.loginEmailRequired),
  password,
});

/** The reset panel has one message for both an empty and a malformed address. */
export const resetSchema = object({
  email: string()
    .trim()
    .required(spec.validation.resetEmailRequired)
    .matches(EMAIL_PATTERN, spec.validation.resetEmailRequired),
});
