/**
 * Sealed fields (docs/security/e2ee.md, "Data"): `s1.{epochId}.v1.{iv}.{ciphertext}`, the form
 * every encrypted word or photo takes in the database (src/lib/crypto/sealed-value.ts). The rules
 * cannot read them; they check the form and bound the size, so nobody stores an oversized blob,
 * and they keep clear text and sealed text apart: a sealed message has a sealed preview.
 */
import { and, Expr, or, x } from './builder';
import { newValue, stringOf } from './conditions';

/** A 4,000-character message in UTF-8 (3 bytes per UTF-16 unit at most), sealed and in base64. */
export const SEALED_MESSAGE_MAX = 16_100;
/** A 100-character preview or quote, sealed. */
export const SEALED_PREVIEW_MAX = 500;
/** Sealed photo bytes take the characters of their data URL, plus the tag and the prefix. */
export const SEALED_IMAGE_OVERHEAD = 100;

const FORM = '/^s1[.][A-Za-z0-9_-]{20}[.]v1[.][A-Za-z0-9_-]{16}[.][A-Za-z0-9_-]+$/';

/** `value` (a string) is a sealed field; clear text that merely starts alike is not. */
export const isSealedValue = (value: Expr) => x`${value}.matches(${new Expr(FORM)})`;

/** The written value is a sealed field of at most `max` characters. */
const sealedOf = (max: number) => and(stringOf({ min: 1, max }), isSealedValue(newValue));

/** Clear text as before (`clear`), or a sealed field of at most `max` characters. */
export const clearOrSealed = (clear: Expr, max: number) => or(clear, sealedOf(max));
