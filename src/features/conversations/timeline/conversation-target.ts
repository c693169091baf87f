import type { RootState } from '../../../store/store';
import type { GroupParties } from '../../../lib/firebase/conversations/shapes';
import type { MessageParties } from '../../../lib/firebase/conversations/shapes';
import { otherParty, type Friendship } from '../../../lib/firebase/records';
import { conversationsStrings } from '../conversations-strings';
import { relationWith, selectFriendRows, selectMyUid, selectRelationIndex } from '../../friends';
import { requireMe, selectIsDeletedAccount } from '../../profiles';
import { selectGroup, selectInGroup, selectRoster } from '../../groups';
import { selectConversationAvailability } from './conversations-selectors';

/** Where a send goes: the selected friend, or the shown group's other people. */
export type ConversationTarget =
  | { kind: 'direct'; id: string; parties: MessageParties }
  | { kind: 'group'; id: string; parties: GroupParties }
  | { kind: 'closed'; reason: string };

/**
 * The shown group's admin and members other than me, without anyone blocked either way or whose
 * account is gone: each gets the message in their inbox (the rules refuse an entry for someone
 * outside the group, across a block, or for a deleted account, so the list must be exact). The
 * group's panel keeps its people's profiles live. Null while the roster is loading.
 */
function groupRecipients(state: RootState, groupId: string, me: string): string[] | null {
  const roster = selectRoster(state, groupId);
  const group = selectGroup(state, groupId);
  if (!roster || !group) return null;
  const index = selectRelationIndex(state);
  const uids = [group.adminId, ...roster.filter((m) => m.status === 'member').map((m) => m.uid)];
  return [...new Set(uids)].filter((uid) => {
    if (uid === me || selectIsDeletedAccount(state, uid)) return false;
    const kind = relationWith(index, me, uid).kind;
    return kind !== 'blocking' && kind !== 'blockedBy';
  });
}

/** A group's target (I must run it or belong to it), or why nothing can be sent there. */
function groupTarget(state: RootState, groupId: string): ConversationTarget {
  const me = selectMyUid(state);
  if (!selectInGroup(state, groupId)) {
    return { kind: 'closed', reason: conversationsStrings.groupChat.errors.notMember };
  }
  const to = groupRecipients(state, groupId, me);
  if (!to) return { kind: 'closed', reason: conversationsStrings.chat.loading };
  const { username } = requireMe(state);
  return {
    kind: 'group',
    id: groupId,
    parties: { groupId, from: { uid: me, name: username }, to },
  };
}

function directTarget(friendship: Friendship, me: string): ConversationTarget {
  const myName = friendship.senderId === me ? friendship.senderName : friendship.receiverName;
  return {
    kind: 'direct',
    id: friendship.id,
    parties: {
      conversationId: friendship.id,
      from: { uid: me, name: myName },
      to: otherParty(friendship, me),
    },
  };
}

/**
 * Any of my conversations as a send's target, open or not (a forward): a friendship's while
 * we are friends, a group's while I am in it.
 */
export function targetFor(
  state: RootState,
  kind: 'direct' | 'group',
  id: string,
): ConversationTarget {
  if (kind === 'group') return groupTarget(state, id);
  const me = selectMyUid(state);
  const row = selectFriendRows(state).find((r) => r.friendship.id === id);
  const relation = row ? relationWith(selectRelationIndex(state), me, row.friend.uid) : null;
  if (!row || relation?.kind !== 'friends') {
    return { kind: 'closed', reason: conversationsStrings.chat.errors.notFriends };
  }
  return directTarget(row.friendship, me);
}

/** The open chat's target as the send needs it, or why nothing can be sent there now. */
export function conversationTarget(state: RootState): ConversationTarget {
  const groupId = state.conversations.selectedGroup;
  const me = selectMyUid(state);
  if (groupId) return groupTarget(state, groupId);
  const availability = selectConversationAvailability(state);
  if (availability.kind !== 'open')
    return { kind: 'closed', reason: conversationsStrings.chat.errors.notFriends };
  return directTarget(availability.friendship, me);
}
