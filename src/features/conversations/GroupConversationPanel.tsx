import { useEffect } from 'react';
import { shallowEqual } from 'react-redux';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { Avatar } from '../../components/Avatar';
import { EmptyState } from '../../components/EmptyState';
import { BanIcon } from '../../components/icons';
import { conversationsStrings } from './conversations-strings';
import type { Connectivity } from './connectivity';
import { FailedMessages } from './message-list';
import { useConversationShown } from './receipts';
import { Composer } from './composer';
import { groupChatShown } from './timeline';
import { retryMessage } from './sending';
import { useLinkedMessage } from './message-list';
import { groupKey } from '../../lib/conversation-key';
import { OpenConversation } from './OpenConversation';
import { PersonAvatar, useDisplayNames } from '../profiles';
import { selectGroupConversationAccess, selectRosterView } from '../groups';
import { selectMyUid } from '../friends';

const SHOWN = 5;

/**
 * The conversation of a group I run or belong to, in the one-to-one chat's parts (windowed
 * list, composer with emoji and photos, pending and failed sends, the lightbox): a header with
 * the group's name and people, then its messages with each sender's name and avatar.
 */
export function GroupConversationPanel({
  groupId,
  connectivity,
  headerMenu,
  showMessage = null,
}: {
  groupId: string;
  /** A message to show and highlight once the conversation is loaded (a notification's link). */
  showMessage?: string | null;
} & Connectivity) {
  const dispatch = useAppDispatch();
  const { group, canChat } = useAppSelector(
    (state) => selectGroupConversationAccess(state, groupId),
    shallowEqual,
  );
  const { members } = useAppSelector((state) => selectRosterView(state, groupId));
  const ready = useAppSelector(
    (state) =>
      state.conversations.conversationId === groupId && state.conversations.status === 'ready',
  );
  // The store opens (and keeps live) the shown group's conversation instead of the friend's.
  useEffect(() => {
    dispatch(groupChatShown(groupId));
    return () => {
      dispatch(groupChatShown(null));
    };
  }, [dispatch, groupId]);
  useConversationShown();
  useLinkedMessage(groupKey(groupId), showMessage);
  const name = group?.groupName ?? '';
  const people = group
    ? [
        { uid: group.adminId, name: group.adminName },
        ...members.map((m) => ({ uid: m.uid, name: m.username })),
      ]
    : [];
  const names = useDisplayNames(people);
  const me = useAppSelector(selectMyUid);
  // '@' in the composer lists the group's people by their current names, never me.
  const mentionable = people
    .map((person, i) => ({ uid: person.uid, name: names[i] || person.name }))
    .filter((person) => person.uid !== me && person.name !== '');
  return (
    <section
      aria-label={conversationsStrings.chat.label}
      className="flex h-[calc(100vh-3rem)] min-h-182 flex-col rounded-2xl bg-white shadow-[0_2px_12px_rgba(15,23,42,0.06)] ring-1 ring-slate-100"
    >
      <header className="flex items-center gap-4 border-b border-slate-100 px-6 py-4">
        <Avatar name={name || '#'} size="lg" />
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-lg font-semibold text-slate-900">{name}</h2>
          {canChat ? (
            <p className="text-sm text-slate-600">
              {conversationsStrings.groupChat.members(people.length)}
            </p>
          ) : null}
        </div>
        {canChat ? (
          <div className="flex -space-x-2" title={names.join(', ')}>
            {people.slice(0, SHOWN).map((person, i) => (
              <PersonAvatar key={person.uid} uid={person.uid} name={names[i] ?? ''} size="sm" />
            ))}
          </div>
        ) : null}
        {canChat ? headerMenu : null}
      </header>
      {connectivity?.banner}
      <div className="min-h-0 flex-1">
        {canChat ? (
          <OpenConversation id={groupId} name={name} />
        ) : (
          <EmptyState icon={<BanIcon />} message={conversationsStrings.groupChat.noAccess(name)} />
        )}
      </div>
      <FailedMessages onRetry={(message) => void dispatch(retryMessage(message))} />
      <Composer disabled={!canChat || !ready} mentionable={mentionable} />
    </section>
  );
}
