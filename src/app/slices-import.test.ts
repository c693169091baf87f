// @vitest-environment node
import { expect, it, vi } from 'vitest';

// Records whether the Firebase SDK's app module (home of initializeApp) is ever loaded.
const firebase = vi.hoisted(() => ({ loaded: false }));
vi.mock('firebase/app', async (importOriginal) => {
  firebase.loaded = true;
  return importOriginal();
});

it('imports every slice and the slices list without loading any Firebase code', async () => {
  const slices = import.meta.glob('../features/**/*-slice.ts');
  expect(Object.keys(slices).length).toBeGreaterThanOrEqual(7);
  for (const load of Object.values(slices)) await load();
  await import('./slices');
  expect(firebase.loaded).toBe(false);
});
