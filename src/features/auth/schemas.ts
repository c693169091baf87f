import { object, string } from 'yup';
import { strings } from '../../strings';
import { EMAIL_PATTERN, NAME_MAX, NAME_MIN, PASSWORD_MIN } from './form-rules';

const v = strings.validation;

export {
  EMAIL_PATTERN,
  NAME_MAX,
  NAME_MIN,
  PASSWORD_MIN,
  type LoginValues,
  type RegisterValues,
} from './form-rules';

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
