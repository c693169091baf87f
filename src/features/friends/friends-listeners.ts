import type { AppStartListening } from '../../store/store';
import { whileSignedIn } from '../../store/session';
import {
  blocksReceived,
  friendsReceived,
  relationshipListFailed,
  requestsReceived,
  type RelationshipList,
} from './friends-slice';

/**
 * While a user is signed in, three scoped live queries keep their requests, friends and
 * blocks in the store; they close on sign-out or when another user signs in.
 */
export function addRelationshipListeners(startAppListening: AppStartListening): void {
  whileSignedIn(startAppListening, (uid, { dispatch, extra }) => {
    const api = extra.friends;
    const failed = (list: RelationshipList) => (error: Error) =>
      dispatch(relationshipListFailed({ list, message: error.message }));
    const unsubscribes = [
      api.subscribeRequests(uid, (items) => dispatch(requestsReceived(items)), failed('requests')),
      api.subscribeFriends(uid, (items) => dispatch(friendsReceived(items)), failed('friends')),
      api.subscribeBlocks(uid, (items) => dispatch(blocksReceived(items)), failed('blocks')),
    ];
    return () => {
      for (const unsubscribe of unsubscribes) unsubscribe();
    };
  });
}
