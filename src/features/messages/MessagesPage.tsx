import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { FriendListPanel } from '../friends';
import { GroupListPanel } from '../groups';
import { selectSelectedFriend } from './chat-selectors';
import { chatScreenEntered, chatScreenLeft } from './chat-slice';
import { selectFriend } from './chat-thunks';
import { ChatPanel } from './ChatPanel';

/**
 * The messages screen: Group List and Friend List on the left (4 of 12 columns), the chat
 * with the selected friend on the right (8). The conversation is live only while shown.
 */
export function MessagesPage() {
  const dispatch = useAppDispatch();
  const selected = useAppSelector(selectSelectedFriend);
  useEffect(() => {
    dispatch(chatScreenEntered());
    return () => {
      dispatch(chatScreenLeft());
    };
  }, [dispatch]);
  return (
    <div className="grid grid-cols-1 gap-6 xl:grid-cols-12">
      <div className="space-y-6 xl:col-span-4">
        <GroupListPanel />
        <FriendListPanel
          selectedUid={selected?.uid}
          onSelect={(row) => dispatch(selectFriend(row))}
        />
      </div>
      <div className="xl:col-span-8">
        <ChatPanel />
      </div>
    </div>
  );
}
