/**
 * Sealed fields (docs/security/e2ee.md, "Data"): `s2.{epochId}.v1.{iv}.{ciphertext}` (`s1.` for
 * one sealed before the associated data's v2), the form every encrypted word or photo takes in
 * the database (src/lib/crypto/sealed-value.ts). The rules cannot read them; they check the form
 * and bound the size, so nobody stores an oversized blob, and they keep clear text and sealed
 * text apart: a sealed message has a sealed preview, and a conversation that holds any epoch key
 * takes no clear text at all ("No plaintext path").
 */
import { and, Expr, not, or, x } from './builder';
import { at, eq, exists, newValue, stringOf } from './conditions';

/** A 4,000-character message in UTF-8 (3 bytes per UTF-16 unit at most), sealed and in base64. */
export const SEALED_MESSAGE_MAX = 16_100;
/** A 100-character preview or quote, sealed. */
export const SEALED_PREVIEW_MAX = 500;
/** Sealed photo bytes take the characters of their data URL, plus the tag and the prefix. */
export const SEALED_IMAGE_OVERHEAD = 100;

const FORM = '/^s[12][.][A-Za-z0-9_-]{20}[.]v1[.][A-Za-z0-9_-]{16}[.][A-Za-z0-9_-]+$/';

/** `value` (a string) is a sealed field; clear text that merely starts alike is not. */
export const isSealedValue = (value: Expr) => x`${value}.matches(${new Expr(FORM)})`;

/** The written value is a sealed field of at most `max` characters. */
export const sealedOf = (max: number) => and(stringOf({ min: 1, max }), isSealedValue(newValue));

/**
 * The conversation `id` of `tree` is encrypted: someone has wrapped an epoch key in it
 * (`conversationKeys/{conversationId}`, `groupKeys/{groupId}`, rules/encryption-keys.ts), which every
 * device with keys does before its first sealed write there. From then on it takes no clear text.
 */
export const encryptedIn = (tree: 'sendMessage' | 'groupMessages', id: Expr) =>
  exists(at(tree === 'groupMessages' ? 'groupKeys' : 'conversationKeys', id));

/** Clear text as before (`clear`) only while the conversation is not `encrypted`; else sealed. */
export const clearUnlessEncrypted = (clear: Expr, max: number, encrypted: Expr) =>
  or(and(not(encrypted), clear), sealedOf(max));

/** A preview or a quote: sealed, clear only while not `encrypted`, or '' (a photo, a deletion). */
export const previewUnlessEncrypted = (clear: Expr, encrypted: Expr) =>
  or(eq(newValue, ''), clearUnlessEncrypted(clear, SEALED_PREVIEW_MAX, encrypted));
