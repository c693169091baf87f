// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { validateLogin, validateReset } from './login-validation';
import { loginSchema, resetSchema } from './schemas';

/** yup's first message per field, as formik shows them. */
function yupErrors(schema: typeof loginSchema | typeof resetSchema, values: object) {
  try {
    schema.validateSync(values, { abortEarly: false });
    return {};
  } catch (error) {
    const inner = (error as { inner: Array<{ path: string; message: string }> }).inner;
    const first: Record<string, string> = {};
    for (const { path, message } of inner) first[path] ??= message;
    return first;
  }
}

const emails = ['', '   ', 'sara', 'a@b', ' sara@example.com ', 'sara@@example.com', 'x@y.io'];
const passwords = ['', 'Secret1', 'secret123', 'SECRET123', 'Secretabc', 'Secret123'];

describe('the login screen checks without yup', () => {
  it('give the same first message per field as the yup schemas', () => {
    for (const email of emails) {
      expect(validateReset({ email })).toEqual(yupErrors(resetSchema, { email }));
      for (const password of passwords) {
        expect(validateLogin({ email, password })).toEqual(
          yupErrors(loginSchema, { email, password }),
        );
      }
    }
  });
});
