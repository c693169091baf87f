import { createAsyncThunk } from '@reduxjs/toolkit';
import { attemptWrite } from '../lib/write-failure';
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

/**
 * A thunk that makes one write: `write` returns the gateway's promise, whose result is the
 * payload; a failure rejects with '{failure}: {reason}', which the app shows as a toast.
 */
export function createWriteThunk<Arg, Result>(
  type: string,
  failure: string,
  write: (arg: Arg, api: { getState: () => RootState; extra: Gateways }) => Promise<Result>,
) {
  return createAppAsyncThunk(type, (arg: Arg, { getState, extra, rejectWithValue }) =>
    attemptWrite(failure, () => write(arg, { getState, extra }), rejectWithValue),
  );
}
