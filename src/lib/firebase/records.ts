/**
 * The database records of the dashboard as plain objects, and the parsers that turn untrusted
 * snapshot values into them. Field names are the spec's, verbatim. Nothing here imports
 * Firebase, so features, tests and scripts can share these types.
 */

import { allowedPhotoOr } from './profiles/shapes';

/** `friendRequest/{id}` and `friendList/{id}` share one shape; `id` is the relationship id. */
export interface FriendRequest {
  id: string;
  senderId: string;
  senderName: string;
  receiverId: string;
  receiverName: string;
  /** The sender's photo when the request was sent. */
  photo: string;
}

export type Friendship = FriendRequest;

/** `block/{id}`: `blockbyid` blocked `blockid`. */
export interface Block {
  id: string;
  blockid: string;
  blockName: string;
  blockbyid: string;
  blockbyName: string;
}

/** `Mygroup/{id}`. */
export interface Group {
  id: string;
  adminId: string;
  adminName: string;
  groupName: string;
  groupTag: string;
}

export type MembershipStatus = 'invited' | 'requested' | 'member';

/** `groupMembership/{groupId}/{uid}`: one person's place in a group (the admin has none). */
export interface GroupMembership {
  groupId: string;
  uid: string;
  username: string;
  status: MembershipStatus;
  /** Server time of the last status change. */
  at: number;
}

/** A user as the directory shows them (never the e-mail). */
export interface DirectoryUser {
  uid: string;
  username: string;
  usernameLower: string;
  photo: string;
}

type Fields = Record<string, unknown>;

function asFields(value: unknown): Fields | null {
  return typeof value === 'object' && value !== null ? (value as Fields) : null;
}

/** A stored value's fields, or none when it is not an object (absent, or a bare value). */
export const recordOf = (value: unknown): Fields => asFields(value) ?? {};

function strings<K extends string>(value: unknown, keys: readonly K[]): Record<K, string> | null {
  const fields = asFields(value);
  if (!fields) return null;
  const out = {} as Record<K, string>;
  for (const key of keys) {
    const field = fields[key];
    if (typeof field !== 'string') return null;
    out[key] = field;
  }
  return out;
}

const requestKeys = ['senderId', 'senderName', 'receiverId', 'receiverName'] as const;

export function parseFriendRequest(id: string, value: unknown): FriendRequest | null {
  const fields = strings(value, requestKeys);
  if (!fields) return null;
  // Old records may lack a photo; the avatar then falls back to initials.
  const photo = asFields(value)?.photo;
  return { id, ...fields, photo: typeof photo === 'string' ? photo : '' };
}

/** A friendship is stored as the request it was accepted from. */
export function parseFriendship(id: string, value: unknown): Friendship | null {
  return parseFriendRequest(id, value);
}

export function parseBlock(id: string, value: unknown): Block | null {
  const fields = strings(value, ['blockid', 'blockName', 'blockbyid', 'blockbyName'] as const);
  return fields ? { id, ...fields } : null;
}

export function parseGroup(id: string, value: unknown): Group | null {
  const fields = strings(value, ['adminId', 'adminName', 'groupName', 'groupTag'] as const);
  return fields ? { id, ...fields } : null;
}

export function isMembershipStatus(value: unknown): value is MembershipStatus {
  return value === 'invited' || value === 'requested' || value === 'member';
}

export function parseMembership(
  groupId: string,
  uid: string,
  value: unknown,
): GroupMembership | null {
  const fields = asFields(value);
  if (!fields || !isMembershipStatus(fields.status) || typeof fields.username !== 'string') {
    return null;
  }
  const at = typeof fields.at === 'number' ? fields.at : 0;
  return { groupId, uid, username: fields.username, status: fields.status, at };
}

export function parseDirectoryUser(uid: string, value: unknown): DirectoryUser | null {
  const fields = asFields(value);
  if (!fields || typeof fields.username !== 'string') return null;
  const photo = typeof fields.photo === 'string' ? fields.photo : '';
  const usernameLower =
    typeof fields.usernameLower === 'string' ? fields.usernameLower : fields.username.toLowerCase();
  return { uid, username: fields.username, usernameLower, photo };
}

/** The other party of a friend request or friendship, seen from `me`. */
export function otherParty(record: FriendRequest, me: string): { uid: string; name: string } {
  return record.senderId === me
    ? { uid: record.receiverId, name: record.receiverName }
    : { uid: record.senderId, name: record.senderName };
}

/**
 * A photo the rules take in a record (photo-source.ts, with its length limit); longer
 * ones (inline images) and URLs they refuse (from before the rules checked them) are left out.
 */
export function recordPhoto(photo: string): string {
  return allowedPhotoOr(photo, '');
}
