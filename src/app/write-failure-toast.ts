import { isRejectedWithValue, type PayloadAction } from '@reduxjs/toolkit';
import { toast } from '../components/toast';
import type { AppStartListening } from '../store/store';

/** A thunk that rejected with a message: by convention (createAppAsyncThunk), the toast text. */
function isFailedWrite(action: unknown): action is PayloadAction<string> {
  return isRejectedWithValue(action) && typeof action.payload === 'string';
}

/** Any write a thunk could not make becomes one toast with its reason. */
export function addWriteFailureToast(startAppListening: AppStartListening): void {
  startAppListening({
    predicate: isFailedWrite,
    effect: (action) => {
      toast.error(action.payload);
    },
  });
}
