import { isRejectedWithValue } from '@reduxjs/toolkit';
import { toast } from 'react-toastify';
import type { AppStartListening } from '../../app/listener-middleware';
import { relationshipsApi, type RelationshipsApi } from '../../lib/firebase/relationships';
import { whileSignedIn } from '../auth';
import {
  blocksReceived,
  friendsReceived,
  relationshipListFailed,
  requestsReceived,
  type RelationshipList,
} from './relationships-slice';
import {
  acceptFriendRequest,
  blockFriend,
  declineFriendRequest,
  sendFriendRequest,
  unblockUser,
} from './relationship-thunks';

// Assigned first: TypeScript infers a matcher's action type only from a variable.
const isFailedWrite = isRejectedWithValue(
  sendFriendRequest,
  acceptFriendRequest,
  declineFriendRequest,
  blockFriend,
  unblockUser,
);

/**
 * While a user is signed in, three scoped live queries keep their requests, friends and
 * blocks in the store; they close on sign-out or when another user signs in.
 */
export function addRelationshipListeners(
  startAppListening: AppStartListening,
  api: RelationshipsApi = relationshipsApi,
): void {
  whileSignedIn(startAppListening, (uid, { dispatch }) => {
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

  startAppListening({
    matcher: isFailedWrite,
    effect: (action) => {
      toast.error(action.payload);
    },
  });
}
