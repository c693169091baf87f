import { createAsyncThunk } from '@reduxjs/toolkit';
import type { Gateways } from './gateways';
import type { AppDispatch, RootState } from './store';

/**
 * Every thunk of the app: `extra` is the gateways. A thunk rejects with the toast text (see
 * lib/write-failure's attemptWrite); the app-level listener in write-failure-toast.ts shows it.
 */
export const createAppAsyncThunk = createAsyncThunk.withTypes<{
  state: RootState;
  dispatch: AppDispatch;
  extra: Gateways;
  rejectValue: string;
}>();
