import type { FormikErrors } from 'formik';
import { spec } from '../../strings/spec';
import { EMAIL_PATTERN, PASSWORD_MIN, type LoginValues } from './form-rules';

/**
 * The login screen's checks without yup, so the first screen does not download it; the same
 * rules and messages as `loginSchema` / `resetSchema` (registration keeps its yup schema).
 * Each field reports its first failure, in the spec's order, as formik shows them.
 */
function passwordError(password: string): string | undefined {
  if (!password) return spec.validation.passwordRequired;
  if (password.length < PASSWORD_MIN) return spec.validation.passwordMin;
  if (!/[A-Z]/.test(password)) return spec.validation.passwordUpper;
  if (!/[a-z]/.test(password)) return spec.validation.passwordLower;
  if (!/[0-9]/.test(password)) return spec.validation.passwordDigit;
  return undefined;
}

function emailError(email: string, requiredMessage: string): string | undefined {
  const trimmed = email.trim();
  if (!trimmed) return requiredMessage;
  return EMAIL_PATTERN.test(trimmed) ? undefined : spec.validation.emailInvalid;
}

function withoutEmpty<T>(errors: Record<keyof T, string | undefined>): FormikErrors<T> {
  return Object.fromEntries(
    Object.entries(errors).filter(([, message]) => message !== undefined),
  ) as FormikErrors<T>;
}

export function validateLogin(values: LoginValues): FormikErrors<LoginValues> {
  return withoutEmpty<LoginValues>({
    email: emailError(values.email, spec.validation.loginEmailRequired),
    password: passwordError(values.password),
  });
}

/** The reset panel has one message for both an empty and a malformed address. */
export function validateReset(values: { email: string }): FormikErrors<{ email: string }> {
  const trimmed = values.email.trim();
  const ok = trimmed !== '' && EMAIL_PATTERN.test(trimmed);
  return ok ? {} : { email: spec.validation.resetEmailRequired };
}
