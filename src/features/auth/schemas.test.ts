// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ValidationError, type AnyObjectSchema } from 'yup';
import { strings } from '../../strings';
import { loginSchema, registerSchema, resetSchema } from './schemas';

const v = strings.validation;
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
    ['', v.nameRequired],
    ['a', v.nameLength],
    ['ab', undefined],
    ['a'.repeat(15), undefined],
    ['a'.repeat(16), v.nameLength],
    ['1abc', v.nameStart],
    ['_abc', v.nameStart],
    ['ab c', v.nameChars],
    ['ab-c', v.nameChars],
    ['Sara_2', undefined],
  ])('full name %j -> %s', async (fullName, expected) => {
    await expect(nameError(fullName)).resolves.toBe(expected);
  });

  it('puts the length rule before the first-letter rule', async () => {
    await expect(nameError('1')).resolves.toBe(v.nameLength);
  });

  it('uses the registration message for an empty e-mail', async () => {
    await expect(firstError(registerSchema, { ...good, email: '' }, 'email')).resolves.toBe(
      v.registerEmailRequired,
    );
  });
});

describe('loginSchema', () => {
  const check = (values: object, field: string) =>
    firstError(loginSchema, { email: good.email, password: good.password, ...values }, field);

  it('uses the login message for an empty e-mail', async () => {
    await expect(check({ email: '' }, 'email')).resolves.toBe(v.loginEmailRequired);
    await expect(check({ email: '   ' }, 'email')).resolves.toBe(v.loginEmailRequired);
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
    await expect(check({ email }, 'email')).resolves.toBe(v.emailInvalid);
  });

  it.each(['sara@example.com', 'sara.lee+chat@mail.example.co.uk', ' sara@example.com '])(
    'accepts the e-mail %j',
    async (email) => {
      await expect(check({ email }, 'email')).resolves.toBeUndefined();
    },
  );

  it.each([
    ['', v.passwordRequired],
    ['Abc1234', v.passwordMin],
    ['abcdefg1', v.passwordUpper],
    ['ABCDEFG1', v.passwordLower],
    ['Abcdefgh', v.passwordDigit],
    ['Abcdefg1', undefined],
  ])('password %j -> %s', async (password, expected) => {
    await expect(check({ password }, 'password')).resolves.toBe(expected);
  });

  it('checks the password the same way on registration', async () => {
    await expect(
      firstError(registerSchema, { ...good, password: 'abcdefg1' }, 'password'),
    ).resolves.toBe(v.passwordUpper);
  });
});

describe('resetSchema', () => {
  it.each([
    ['', v.resetEmailRequired],
    ['not-an-email', v.resetEmailRequired],
    ['sara@example.com', undefined],
  ])('%j -> %s', async (email, expected) => {
    await expect(firstError(resetSchema, { email }, 'email')).resolves.toBe(expected);
  });
});
