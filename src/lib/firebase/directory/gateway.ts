import {
  endAt,
  get,
  limitToFirst,
  onValue,
  orderByChild,
  query,
  ref,
  startAfter,
  startAt,
  type Database,
  type QueryConstraint,
  type Unsubscribe,
} from 'firebase/database';
import { parseDirectoryUser, type DirectoryUser } from '../records';

/** The rules refuse list reads of `users` above this size. */
const USER_PAGE_MAX = 100;

export interface UserPageQuery {
  /** Lower-cased name prefix; '' lists everyone. */
  search: string;
  /** The last user of the previous page, or null for the first page. */
  after: Pick<DirectoryUser, 'uid' | 'usernameLower'> | null;
  pageSize: number;
}

/** Paged, prefix-searched reads of `users`, ordered by `usernameLower` (indexed). */
export function makeDirectoryApi(db: Database) {
  function pageQuery({ search, after, pageSize }: UserPageQuery) {
    const constraints: QueryConstraint[] = [orderByChild('usernameLower')];
    // The uid breaks ties between equal names, so paging never skips or repeats anyone.
    if (after) constraints.push(startAfter(after.usernameLower, after.uid));
    else if (search) constraints.push(startAt(search));
    if (search) constraints.push(endAt(`${search}\uf8ff`));
    constraints.push(limitToFirst(Math.min(pageSize, USER_PAGE_MAX)));
    return query(ref(db, 'users'), ...constraints);
  }

  /** One person's `users/{uid}` record, live; null once it is gone (a deleted account). */
  const watchUser = (
    uid: string,
    onData: (user: DirectoryUser | null) => void,
    onError: (error: Error) => void,
  ): Unsubscribe =>
    onValue(
      ref(db, `users/${uid}`),
      (snapshot) => onData(parseDirectoryUser(uid, snapshot.val())),
      onError,
    );

  return {
    /** A live page: changes to these users (or new ones in range) arrive as they happen. */
    subscribeUserPage(
      page: UserPageQuery,
      onData: (users: DirectoryUser[]) => void,
      onError: (error: Error) => void,
    ): Unsubscribe {
      return onValue(
        pageQuery(page),
        (snapshot) => {
          const users: DirectoryUser[] = [];
          snapshot.forEach((child) => {
            const user = child.key ? parseDirectoryUser(child.key, child.val()) : null;
            if (user) users.push(user);
          });
          onData(users);
        },
        onError,
      );
    },

    /** One user's profile, live (used for the signed-in user's own name and photo). */
    subscribeUser: watchUser,

    /**
     * Another person's profile, live while someone on screen shows it: their current name and
     * photo, or null once the record is gone (a deleted account).
     */
    subscribeProfile: watchUser,

    async getUser(uid: string): Promise<DirectoryUser | null> {
      const snapshot = await get(ref(db, `users/${uid}`));
      return parseDirectoryUser(uid, snapshot.val());
    },
  };
}

export type DirectoryApi = ReturnType<typeof makeDirectoryApi>;

declare module '../../../store/gateways' {
  interface DatabaseGateways {
    directory: DirectoryApi;
  }
}
