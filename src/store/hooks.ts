// The raw hooks are banned elsewhere by lint; this is their one typed home.
// eslint-disable-next-line no-restricted-imports
import { useDispatch, useSelector, useStore } from 'react-redux';
import type { Gateways } from './gateways';
import type { AppDispatch, AppStore, RootState } from './store';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<AppStore>();

/** The store's gateways, for the few components that call Firebase without a thunk. */
export function useGateways(): Gateways {
  return useAppStore().gateways;
}
