/** Key ordering exactly as the SDK's `nameCompare`, so server windows match client views. */

export const MIN_NAME = '[MIN_NAME]';
export const MAX_NAME = '[MAX_NAME]';

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;

/** The SDK treats `/^-?(0*)\d{1,10}$/` within int32 as an integer key; returns null otherwise. */
function integerKey(key: string): number | null {
  const len = key.length;
  if (len === 0) return null;
  let i = key.charCodeAt(0) === 45 ? 1 : 0;
  if (i === len) return null;
  while (i < len - 1 && key.charCodeAt(i) === 48) i++;
  const digits = len - i;
  if (digits > 10) return null;
  for (let j = i; j < len; j++) {
    const c = key.charCodeAt(j);
    if (c < 48 || c > 57) return null;
  }
  const n = Number(key);
  return n >= INT32_MIN && n <= INT32_MAX ? n : null;
}

export function nameCompare(a: string, b: string): number {
  if (a === b) return 0;
  if (a === MIN_NAME || b === MAX_NAME) return -1;
  if (b === MIN_NAME || a === MAX_NAME) return 1;
  const ai = integerKey(a);
  const bi = integerKey(b);
  if (ai !== null) {
    if (bi === null) return -1;
    return ai === bi ? a.length - b.length : ai - bi;
  }
  if (bi !== null) return 1;
  return a < b ? -1 : 1;
}

// eslint-disable-next-line no-control-regex
const INVALID_KEY = /[[\].#$/\u0000-\u001F\u007F]/;

/** The documented limit on one key, in UTF-8 bytes (paths have their own, in errors.ts). */
const MAX_KEY_BYTES = 768;

/** Why `key` cannot name a child, or null when it can. */
export function keyProblem(key: string): string | null {
  if (key.length === 0) return 'keys must not be empty';
  if (INVALID_KEY.test(key)) return 'keys must not contain . # $ / [ ] or control characters';
  // Cheap length test first: a UTF-16 unit is at most 3 UTF-8 bytes.
  if (key.length * 3 > MAX_KEY_BYTES && Buffer.byteLength(key, 'utf8') > MAX_KEY_BYTES) {
    return `keys must not be longer than ${MAX_KEY_BYTES} bytes`;
  }
  return null;
}
