import { expect } from 'vitest';
import { adminGet, adminUpdate } from '../support/backend';

/**
 * A migration over instances (`run` answers how many records it changed) leaves a database with
 * no instances configured, or one, exactly as it was: the single-instance app needs nothing moved.
 */
export async function expectNothingWithOneInstance(run: () => Promise<number>): Promise<void> {
  // The test backend may run several instances (CHATTY_INSTANCES): none configured here.
  await adminUpdate({ 'config/instances': null });
  const before = JSON.stringify(await adminGet('/'));
  expect(await run()).toBe(0);
  await adminUpdate({ 'config/instances': { count: 1, open: { 0: true } } });
  const configured = JSON.stringify(await adminGet('/'));
  expect(await run()).toBe(0);
  expect(JSON.stringify(await adminGet('/'))).toBe(configured);
  expect(configured).not.toBe(before);
}
