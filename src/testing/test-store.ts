import { makeStore } from '../app/store';
import type { RootState } from '../store/store';
import { createFakeGateways } from './fake-gateways';

/**
 * The app's store over fresh fake gateways, without rendering anything. Store-only tests import
 * it from here: the `testing` barrel also loads every screen (render-app), seconds per test file.
 */
export function makeTestStore(preloadedState?: Partial<RootState>) {
  return makeStore({ preloadedState, gateways: createFakeGateways() });
}
