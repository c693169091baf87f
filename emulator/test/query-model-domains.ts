/**
 * The small domains the model test (query-events-model.test.ts) draws its lists, writes and
 * queries from: few keys, fields and values on purpose, so writes collide, values tie and windows
 * fill up and spill over.
 */
import fc from 'fast-check';
import type { Primitive, Priority } from './reference-query';

/** Integer-like keys (one out of int32 range, one with a leading zero) among plain ones. */
const KEYS = ['-1', '0', '1', '01', '2', '10', '2147483648', 'B', 'a', 'aa', 'b', 'z'];
export const LEAVES: Primitive[] = [false, true, -1, 0, 1, 2.5, 10, '', '1', 'a', 'b', 'z'];
export const PRIORITIES: Priority[] = [1, 2, 'a', 'b'];

export const keyArb = fc.constantFrom(...KEYS);
export const leafArb = fc.constantFrom(...LEAVES);
export const priorityArb = fc.constantFrom(...PRIORITIES);
