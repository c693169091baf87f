import { push, ref, update, type Database, type Unsubscribe } from 'firebase/database';
import { currentName, notificationChanges } from '../notifications';
import { pairKey } from './pair-key';
import {
  parseBlock,
  parseFriendRequest,
  parseFriendship,
  type Block,
  type FriendRequest,
  type Friendship,
} from '../records';
import { subscribeEitherSide } from '../scoped-query';
import { directKey } from '../../conversation-key';
import { announceDirectoryNews, placementsOf } from '../conversations';
import { placementWrite } from '../conversations/shapes';

/** Who acts, as `users/{uid}` names them; the rules check the names against that record. */
export interface Party {
  uid: string;
  username: string;
  photo: string;
}

type OnError = (error: Error) => void;

/**
 * Friend requests, friendships and blocks. One relationship id (the request's push id) follows
 * a pair through `friendRequest/{id}` -> `friendList/{id}` <-> `block/{id}`, and every step is
 * one atomic root update so the rules can check it against the step before (docs/data-model.md).
 */
export function makeFriendsApi(db: Database) {
  /** The other party of a step, told by a hint on their home (docs/scaling.md). */
  const tell = (uid: string) => announceDirectoryNews(placementsOf(db), uid);
  return {
    subscribeRequests(uid: string, onData: (items: FriendRequest[]) => void, onError: OnError) {
      const fields = ['senderId', 'receiverId'] as const;
      return subscribeEitherSide(
        db,
        'friendRequest',
        fields,
        uid,
        parseFriendRequest,
        onData,
        onError,
      );
    },

    subscribeFriends(uid: string, onData: (items: Friendship[]) => void, onError: OnError) {
      const fields = ['senderId', 'receiverId'] as const;
      return subscribeEitherSide(db, 'friendList', fields, uid, parseFriendship, onData, onError);
    },

    /** Blocks I made and blocks made against me: the blocked party must see 'Blocked'. */
    subscribeBlocks(uid: string, onData: (items: Block[]) => void, onError: OnError): Unsubscribe {
      const fields = ['blockbyid', 'blockid'] as const;
      return subscribeEitherSide(db, 'block', fields, uid, parseBlock, onData, onError);
    },

    /** Sends a request and claims the pair; returns the new relationship id. */
    async sendRequest(me: Party, to: Omit<Party, 'photo'>): Promise<string> {
      const id = push(ref(db, 'friendRequest')).key;
      if (!id) throw new Error('Could not create a request id');
      const request: Omit<FriendRequest, 'id'> = {
        senderId: me.uid,
        senderName: me.username,
        receiverId: to.uid,
        receiverName: to.username,
        photo: me.photo,
      };
      // The receiver's notification lands with the request (rules/notifications.ts).
      await update(ref(db), {
        [`friendRequest/${id}`]: request,
        [`pairs/${pairKey(me.uid, to.uid)}`]: id,
        ...notificationChanges(to.uid, {
          kind: 'friendRequest',
          actorId: me.uid,
          actorName: me.username,
          ref: id,
        }),
      });
      // Its receiver's app lists the conversations again (docs/scaling.md, the directory hint).
      tell(to.uid);
      return id;
    },

    /**
     * The receiver accepts: the friendship is the request's data under the same id, and the
     * request goes. Requests crossing the other way (possible in data older than the pair
     * guard) are removed in the same write.
     */
    async acceptRequest(request: FriendRequest, crossing: readonly FriendRequest[] = []) {
      const { id, ...data } = request;
      // My name now (I may have renamed since the request came): the rules compare it.
      // The conversation lives on the sender's home, from this write on (docs/scaling.md).
      const [myName, senderHome] = await Promise.all([
        currentName(db, data.receiverId),
        placementsOf(db).homeOf(data.senderId),
      ]);
      const changes: Record<string, unknown> = {
        [`friendRequest/${id}`]: null,
        [`friendList/${id}`]: data,
        ...placementWrite(directKey(id), senderHome),
      };
      // The sender learns of it in the same write (unannounced if my name could not be read).
      if (myName !== null) {
        Object.assign(
          changes,
          notificationChanges(data.senderId, {
            kind: 'friendAccepted',
            actorId: data.receiverId,
            actorName: myName,
            ref: id,
          }),
        );
      }
      for (const other of crossing) changes[`friendRequest/${other.id}`] = null;
      await update(ref(db), changes);
      tell(data.senderId);
    },

    /** Either party withdraws or declines a request; the pair becomes free again. */
    async withdrawRequest(request: FriendRequest): Promise<void> {
      await update(ref(db), {
        [`friendRequest/${request.id}`]: null,
        [`pairs/${pairKey(request.senderId, request.receiverId)}`]: null,
      });
    },

    /** `me` blocks the other party of the friendship; the friendship goes in the same write. */
    async block(friendship: Friendship, me: string): Promise<void> {
      const iAmSender = friendship.senderId === me;
      const entry: Omit<Block, 'id'> = {
        blockbyid: me,
        blockbyName: iAmSender ? friendship.senderName : friendship.receiverName,
        blockid: iAmSender ? friendship.receiverId : friendship.senderId,
        blockName: iAmSender ? friendship.receiverName : friendship.senderName,
      };
      await update(ref(db), {
        [`friendList/${friendship.id}`]: null,
        [`block/${friendship.id}`]: entry,
      });
      tell(entry.blockid);
    },

    /** Only the blocker unblocks; the friendship comes back under the same id. */
    async unblock(entry: Block, blockerPhoto: string): Promise<void> {
      const friendship: Omit<Friendship, 'id'> = {
        senderId: entry.blockbyid,
        senderName: entry.blockbyName,
        receiverId: entry.blockid,
        receiverName: entry.blockName,
        photo: blockerPhoto,
      };
      await update(ref(db), {
        [`block/${entry.id}`]: null,
        [`friendList/${entry.id}`]: friendship,
      });
      tell(entry.blockid);
    },
  };
}

export type FriendsApi = ReturnType<typeof makeFriendsApi>;

declare module '../../../store/gateways' {
  interface DatabaseGateways {
    friends: FriendsApi;
  }
}
