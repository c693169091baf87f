/**
 * Database records shaped as the app writes them (docs/data-model.md), for the data that
 * scripts and tests seed with admin rights: names equal to the `users` records, the default
 * photo, and the spec's field names verbatim.
 */

/** The picture every new account starts with (served from public/). */
export const DEFAULT_PHOTO = '/default-avatar.svg';

interface Named {
  uid: string;
  username: string;
}

/** `users/{uid}` as registration writes it: the public part (the e-mail: `userPrivateRecord`). */
export function userRecord(person: { username: string }) {
  return {
    username: person.username,
    photo: DEFAULT_PHOTO,
    usernameLower: person.username.toLowerCase(),
  };
}

/** `userPrivate/{uid}` as registration writes it: what only the owner may read. */
export function userPrivateRecord(person: { email: string }) {
  return { email: person.email };
}

/** Both parts of a registered profile, as root-update entries. */
export function profileEntries(person: Named & { email: string }): Record<string, unknown> {
  return {
    [`users/${person.uid}`]: userRecord(person),
    [`userPrivate/${person.uid}`]: userPrivateRecord(person),
  };
}

/** `friendRequest/{conversationId}` or `friendList/{conversationId}`: `from` sent the request to `to`. */
export function relationRecord(from: Named, to: Named) {
  return {
    senderId: from.uid,
    senderName: from.username,
    receiverId: to.uid,
    receiverName: to.username,
    photo: DEFAULT_PHOTO,
  };
}

/** `block/{conversationId}`: `by` blocked `blocked`. */
export function blockRecord(by: Named, blocked: Named) {
  return {
    blockbyid: by.uid,
    blockbyName: by.username,
    blockid: blocked.uid,
    blockName: blocked.username,
  };
}

/** One `sendMessage/{conversationId}/{id}` entry (the sender's name field is misspelt by the spec). */
export function messageRecord(from: Named, to: Named, message: string, createdAt: number) {
  return {
    message,
    messagesenderId: from.uid,
    massagesenderName: from.username,
    messagereceiverId: to.uid,
    messagereceiverName: to.username,
    createdAt,
  };
}
