import { useEffect, useState } from 'react';
import { GroupChatPanel, GroupListPanel } from '../../features/groups';
import { ConversationList } from '../../features/inbox';
import {
  ChatPanel,
  chatScreenEntered,
  chatScreenLeft,
  selectFriend,
  selectSelectedFriend,
} from '../../features/messages';
import { useAppDispatch, useAppSelector } from '../hooks';

/**
 * The messages screen: Group List and Friend List (the conversations) on the left (4 of 12
 * columns), the chat with the selected friend on the right (8). The conversation is live only while shown.
 */
export function MessagesPage() {
  const dispatch = useAppDispatch();
  const selected = useAppSelector(selectSelectedFriend);
  // The chat target: a group's conversation while one is open, otherwise the selected friend's.
  const [groupId, setGroupId] = useState<string | null>(null);
  useEffect(() => {
    dispatch(chatScreenEntered());
    return () => {
      dispatch(chatScreenLeft());
    };
  }, [dispatch]);
  return (
    <div className="grid grid-cols-1 gap-6 xl:grid-cols-12">
      <div className="space-y-6 xl:col-span-4">
        <GroupListPanel onOpen={setGroupId} selectedId={groupId} />
        <ConversationList
          selectedUid={groupId ? undefined : selected?.uid}
          onSelect={(row) => {
            setGroupId(null);
            dispatch(selectFriend(row));
          }}
        />
      </div>
      <div className="xl:col-span-8">
        {groupId ? <GroupChatPanel groupId={groupId} /> : <ChatPanel />}
      </div>
    </div>
  );
}
