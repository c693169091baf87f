// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ValidationError, type AnyObjectSchema } from 'yup';
import { spec } from '../../strings/spec';
import { loginSchema, registerSchema, resetSchema } from './schemas';
const good = { email: 'sara@example.com', fullName: 'Sara_1', password: 'Secret123' };

/** The message formik would show for `field`: the first failing test, in declaration order. */
async function firstError(schema: AnyObjectSchema, values: object, field: string) {
  try {
    await schema.validate(values, { abortEarly: false });
    return undefined;
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return error.inner.find((e) => e.path === field)?.message;
  }
}

describe('registerSchema', () => {
  const nameError = (fullName: string) =>
    firstError(registerSchema, { ...good, fullName }, 'fullName');

  it('accepts valid values', async () => {
    await expect(registerSchema.isValid(good)).resolves.toBe(true);
  });

  it.each([
    ['', spec.validation.nameRequired],
    ['a', spec.validation.nameLength],
    ['ab', undefined],
    ['a'.repeat(15), undefined],
    ['a'.repeat(16), spec.validation.nameLength],
    ['1abc', spec.validation.nameStart],
    ['_abc', spec.validation.nameStart],
    ['ab c', spec.validation.nameChars],
    ['ab-c', spec.validation.nameChars],
    ['Sara_2', undefined],
  ])('full name %j -> %s', async (fullName, expected) => {
    await expect(nameError(fullName)).resolves.toBe(expected);
  });

  it('puts the length rule before the first-letter rule', async () => {
    await expect(nameError('1')).resolves.toBe(spec.validation.nameLength);
  });

  it('uses the registration message for an empty e-mail', async () => {
    await expect(firstError(registerSchema, { ...good, email: '' }, 'email')).resolves.toBe(
      spec.validation.registerEmailRequired,
    );
  });
});

describe('loginSchema', () => {
  const check = (values: object, field: string) =>
    firstError(loginSchema, { email: good.email, password: good.password, ...values }, field);

  it('uses the login message for an empty e-mail', async () => {
    await expect(check({ email: '' }, 'email')).resolves.toBe(spec.validation.loginEmailRequired);
    await expect(check({ email: '   ' }, 'email')).resolves.toBe(
      spec.validation.loginEmailRequired,
    );
  });

  it.each([
    'plainaddress',
    'missing-at.example.com',
    '@example.com',
    'sara@',
    'sara@example',
    'sara@example.c',
    'sara @example.com',
    'sara@exa mple.com',
    'sara@@example.com',
    'sara@-example.com',
    'sara@example..com',
  ])('refuses the e-mail %j', async (email) => {
    await expect(check({ email }, 'email')).resolves.toBe(spec.validation.emailInvalid);
  });

  it.each(['sara@example.com', 'sara.lee+chat@mail.example.co.uk', ' sara@example.com '])(
    'accepts the e-mail %j',
    async (email) => {
      await expect(check({ email }, 'email')).resolves.toBeUndefined();
    },
  );

  it.each([
    ['', spec.validation.passwordRequired],
    ['Abc1234', spec.validation.passwordMin],
    ['abcdefg1', spec.validation.passwordUpper],
    ['ABCDEFG1', spec.validation.passwordLower],
    ['Abcdefgh', spec.validation.passwordDigit],
    ['Abcdefg1', undefined],
  ])('password %j -> %s', async (password, expected) => {
    await expect(check({ password }, 'password')).resolves.toBe(expected);
  });

  it('checks the password the same way on registration', async () => {
    await expect(
      firstError(registerSchema, { ...good, password: 'abcdefg1' }, 'password'),
    ).resolves.toBe(spec.validation.passwordUpper);
  });
});

describe('resetSchema', () => {
  it.each([
    ['', spec.validation.resetEmailRequired],
    ['not-an-email', spec.validation.resetEmailRequired],
    ['sara@example.com', undefined],
  ])('%j -> %s', async (email, expected) => {
    await expect(firstError(resetSchema, { email }, 'email')).resolves.toBe(expected);
  });
});
