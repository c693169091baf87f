import { combineReducers } from '@reduxjs/toolkit';
import { sessionSlice } from '../features/auth/session-slice';

/** Each feature adds its slice here. */
export const rootReducer = combineReducers({
  [sessionSlice.reducerPath]: sessionSlice.reducer,
});
