/**
 * For features whose state and live queries belong to the signed-in user: both start over
 * when another user signs in, stay through a repeated sign-in of the same user, and end on
 * sign-out.
 */
import type { ActionReducerMapBuilder, ListenerEffectAPI } from '@reduxjs/toolkit';
import type { Gateways } from '../gateways';
import type { AppDispatch, AppStartListening, RootState } from '../store';
import { selectActiveUser, userSignedIn, userSignedOut } from './session-slice';

/**
 * The extra reducers of a slice that holds one user's data, whose uid it keeps in `owner`:
 * another user's sign-in replaces the state with `startFor(uid)`, a sign-out with `signedOut()`.
 * Both get the state they replace, for what belongs to the screen rather than to the user.
 */
export function resetPerSignedInUser<S extends { owner: string | null }>(
  builder: ActionReducerMapBuilder<S>,
  startFor: (owner: string, previous: S) => S,
  signedOut: (previous: S) => S,
): ActionReducerMapBuilder<S> {
  return builder
    .addCase(userSignedIn, (state, action) =>
      state.owner === action.payload.uid ? state : startFor(action.payload.uid, state as S),
    )
    .addCase(userSignedOut, (state) => signedOut(state as S));
}

/**
 * On each new user's sign-in, `open` starts what that user needs (e.g. live queries) and
 * returns how to close it; that runs on sign-out, or when yet another user signs in.
 */
export function whileSignedIn(
  startAppListening: AppStartListening,
  open: (
    uid: string,
    listenerApi: ListenerEffectAPI<RootState, AppDispatch, Gateways>,
  ) => () => void,
): void {
  startAppListening({
    predicate: (action, _state, previous): action is ReturnType<typeof userSignedIn> =>
      userSignedIn.match(action) && selectActiveUser(previous)?.uid !== action.payload.uid,
    effect: async (action, listenerApi) => {
      listenerApi.cancelActiveListeners();
      // The effect may run late (the app's waits for the database SDK): not for a user gone.
      if (selectActiveUser(listenerApi.getState())?.uid !== action.payload.uid) return;
      const close = open(action.payload.uid, listenerApi);
      try {
        await listenerApi.condition(userSignedOut.match);
      } finally {
        close();
      }
    },
  });
}
