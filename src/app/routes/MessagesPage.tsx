import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { GroupListPanel, type GroupRowSummary } from '../../features/groups';
import { GroupMentionMark } from '../../features/notifications';
import {
  ConversationList,
  ConversationMuteMenu,
  OfflineBanner,
  selectOffline,
  useGroupArrangement,
  useGroupRowSummary,
} from '../../features/inbox';
import { PhoneBackBar, useFocusComposer, usePhoneConversationView } from '../shell';
import {
  ConversationPanel,
  GroupConversationPanel,
  chatScreenEntered,
  chatScreenLeft,
  selectFriend,
  selectSelectedFriend,
} from '../../features/conversations';
import { FindInConversation, SearchField } from '../../features/search';
import { SecurityCodeNotice, VerifyMembers, VerifySecurityCode } from '../../features/encryption';
import { shellStrings } from '../shell/shell-strings';
import { useAppDispatch, useAppSelector } from '../../store/hooks';

/** A group row's conversation line, with '@' beside its badge while I am mentioned there. */
function useGroupRowWithMentions(groupId: string, name: string): GroupRowSummary | null {
  const summary = useGroupRowSummary(groupId, name);
  if (!summary) return null;
  return {
    ...summary,
    badge: (
      <span className="flex items-center">
        <GroupMentionMark groupId={groupId} />
        {summary.badge}
      </span>
    ),
  };
}

/**
 * The messages screen: Group List and Friend List (the conversations) on the left (4 of 12
 * columns), the chat with the selected friend on the right (8); it fills the screen's height and
 * each part scrolls inside itself. On phones it is one column: the lists, and choosing one shows
 * only its chat with a back button (a history entry, so the browser's back works too).
 * Choosing a conversation moves focus to its message field. It is live only while shown.
 */
export function MessagesPage() {
  const dispatch = useAppDispatch();
  const selected = useAppSelector(selectSelectedFriend);
  const offline = useAppSelector(selectOffline);
  const connectivity = { offline, banner: <OfflineBanner /> };
  // The chat target: a group's conversation while one is open, otherwise the selected friend's.
  // A link (a mention's notification) may name the group and the message to show.
  const [params, setParams] = useSearchParams();
  const linkedGroup = params.get('group');
  const linkedMessage = params.get('message');
  // A friend's conversation (a search result, a message's notification: they select the friend).
  const linkedFriend = params.get('friend');
  // A link is followed when it changes, its message included: a second notification of the
  // group or friend shown before opens it again after another conversation was chosen.
  const groupLink = linkedGroup ? `${linkedGroup}/${linkedMessage ?? ''}` : null;
  const friendLink = linkedFriend ? `${linkedFriend}/${linkedMessage ?? ''}` : null;
  const [groupId, setGroupId] = useState<string | null>(linkedGroup);
  const [followedLink, setFollowedLink] = useState(groupLink);
  const [followedFriend, setFollowedFriend] = useState(friendLink);
  if (groupLink !== followedLink) {
    setFollowedLink(groupLink);
    if (linkedGroup) setGroupId(linkedGroup);
  }
  if (friendLink !== followedFriend) {
    setFollowedFriend(friendLink);
    if (linkedFriend) setGroupId(null);
  }
  // A link's message is followed once: choosing a conversation takes it out of the address (in
  // place, no history entry), so coming back to the linked one does not jump to it again.
  const linkFollowed = () =>
    params.has('message') &&
    setParams(
      (now) => {
        const next = new URLSearchParams(now);
        // The conversation too: the page would follow the changed link back to it.
        for (const key of ['message', 'group', 'friend']) next.delete(key);
        return next;
      },
      { replace: true },
    );
  const chatBox = useRef<HTMLDivElement>(null);
  const focusComposer = useFocusComposer(chatBox);
  const phone = usePhoneConversationView();
  const listBox = useRef<HTMLDivElement>(null);
  const chatWasShown = useRef(phone.chatShown);
  // Back from a phone's chat (button or browser), focus returns to the conversation it showed.
  useEffect(() => {
    if (chatWasShown.current && !phone.chatShown) {
      listBox.current?.querySelector<HTMLElement>('button[aria-pressed="true"]')?.focus();
    }
    chatWasShown.current = phone.chatShown;
  }, [phone.chatShown]);
  useEffect(() => {
    dispatch(chatScreenEntered());
    return () => {
      dispatch(chatScreenLeft());
    };
  }, [dispatch]);
  const chosen = () => {
    linkFollowed();
    phone.showChat();
    focusComposer();
  };
  return (
    <div className="grid h-full grid-cols-1 gap-3 md:grid-cols-12 md:gap-6">
      <div
        ref={listBox}
        className={`${phone.chatShown ? 'hidden' : 'flex'} min-h-0 flex-col gap-3 md:col-span-5 md:flex md:gap-6 xl:col-span-4`}
      >
        <SearchField />
        <div className="min-h-0 flex-2 [&>section]:h-full">
          <GroupListPanel
            onOpen={(id) => {
              setGroupId(id);
              chosen();
            }}
            selectedId={groupId}
            useSummary={useGroupRowWithMentions}
            useArrangement={useGroupArrangement}
          />
        </div>
        <div className="min-h-0 flex-3 [&>section]:h-full">
          <ConversationList
            selectedUid={groupId ? undefined : selected?.uid}
            onSelect={(row) => {
              setGroupId(null);
              dispatch(selectFriend(row));
              chosen();
            }}
          />
        </div>
      </div>
      <div
        ref={chatBox}
        className={`${phone.chatShown ? 'flex' : 'hidden'} min-h-0 flex-col gap-2 md:col-span-7 md:flex xl:col-span-8 [&>section]:h-auto! [&>section]:min-h-0! [&>section]:flex-1`}
      >
        <PhoneBackBar label={shellStrings.a11y.backToConversations} onBack={phone.back} />
        <FindInConversation within={chatBox} />
        {groupId ? (
          <GroupConversationPanel
            groupId={groupId}
            connectivity={connectivity}
            headerMenu={
              <div className="flex items-center gap-1">
                <VerifyMembers groupId={groupId} />
                <ConversationMuteMenu />
              </div>
            }
            showMessage={groupId === linkedGroup ? linkedMessage : null}
          />
        ) : (
          <ConversationPanel
            connectivity={{
              ...connectivity,
              banner: (
                <>
                  {connectivity.banner}
                  {selected && (
                    <SecurityCodeNotice friendUid={selected.uid} friendName={selected.name} />
                  )}
                </>
              ),
            }}
            headerMenu={
              <div className="flex items-center gap-1">
                {selected && (
                  <VerifySecurityCode friendUid={selected.uid} friendName={selected.name} />
                )}
                <ConversationMuteMenu />
              </div>
            }
            showMessage={
              linkedFriend && linkedMessage
                ? { conversationId: linkedFriend, messageId: linkedMessage }
                : null
            }
          />
        )}
      </div>
    </div>
  );
}
