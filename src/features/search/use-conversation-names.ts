import { shallowEqual } from 'react-redux';
import { directKey, groupKey, type ConversationKey } from '../../lib/conversation-key';
import { useAppSelector } from '../../store/hooks';
import { selectActiveUser } from '../../store/session';
import { selectFriendRows, selectMyUid } from '../friends';
import { selectGroup, selectMyGroupIds } from '../groups';

export interface NamedConversation {
  key: ConversationKey;
  name: string;
}

/** My readable conversations by name (friends' and groups'), and the people I can filter by. */
export function useConversationNames(): {
  conversations: NamedConversation[];
  people: { uid: string; name: string }[];
} {
  const friends = useAppSelector(selectFriendRows);
  const groupIds = useAppSelector(selectMyGroupIds);
  const groupNames = useAppSelector(
    (state) => groupIds.map((id) => selectGroup(state, id)?.groupName ?? ''),
    shallowEqual,
  );
  const me = useAppSelector(selectMyUid);
  const myName = useAppSelector((state) => selectActiveUser(state)?.displayName ?? '');
  const conversations = [
    ...groupIds.map((id, i) => ({ key: groupKey(id), name: groupNames[i] ?? '' })),
    ...friends.map((row) => ({ key: directKey(row.friendship.id), name: row.friend.name })),
  ];
  const people = [{ uid: me, name: myName }, ...friends.map((row) => row.friend)];
  return { conversations, people };
}
