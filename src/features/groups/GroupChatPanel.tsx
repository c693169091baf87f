import { shallowEqual } from 'react-redux';
import { useAppSelector } from '../../app/hooks';
import { Avatar } from '../../components/Avatar';
import { EmptyState } from '../../components/EmptyState';
import { AlertIcon, BanIcon } from '../../components/icons';
import { Spinner } from '../../components/Spinner';
import { strings } from '../../strings';
import { PersonAvatar } from '../users';
import { selectGroupChatAccess } from './group-chat-access';
import { GroupComposer } from './GroupComposer';
import { GroupMessageList } from './GroupMessageList';
import { selectRosterView } from './selectors';
import { useGroupConversation, type GroupConversation } from './use-group-conversation';

const SHOWN = 5;

/** The conversation of a group I run or belong to: header with its people, messages, field. */
export function GroupChatPanel({ groupId }: { groupId: string }) {
  const { group, canChat } = useAppSelector(
    (state) => selectGroupChatAccess(state, groupId),
    shallowEqual,
  );
  const { members } = useAppSelector((state) => selectRosterView(state, groupId));
  const conversation = useGroupConversation(groupId, canChat);
  const name = group?.groupName ?? '';
  const people = group
    ? [
        { uid: group.adminId, name: group.adminName },
        ...members.map((m) => ({ uid: m.uid, name: m.username })),
      ]
    : [];
  return (
    <section
      aria-label={strings.chat.label}
      className="flex h-[calc(100vh-3rem)] min-h-[45.5rem] flex-col rounded-2xl bg-white shadow-[0_2px_12px_rgba(15,23,42,0.06)] ring-1 ring-slate-100"
    >
      <header className="flex items-center gap-4 border-b border-slate-100 px-6 py-4">
        <Avatar name={name || '#'} size="lg" />
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-lg font-semibold text-slate-900">{name}</h2>
          {canChat ? (
            <p className="text-sm text-slate-500">{strings.groupChat.members(people.length)}</p>
          ) : null}
        </div>
        {canChat ? (
          <div className="flex -space-x-2" title={people.map((p) => p.name).join(', ')}>
            {people.slice(0, SHOWN).map((person) => (
              <PersonAvatar key={person.uid} uid={person.uid} name={person.name} size="sm" />
            ))}
          </div>
        ) : null}
      </header>
      <div className="min-h-0 flex-1">
        {canChat ? (
          <Body groupId={groupId} groupName={name} conversation={conversation} />
        ) : (
          <EmptyState icon={<BanIcon />} message={strings.groupChat.noAccess(name)} />
        )}
      </div>
      <GroupComposer groupId={groupId} disabled={!canChat || conversation.status !== 'ready'} />
    </section>
  );
}

function Body({
  groupId,
  groupName,
  conversation,
}: {
  groupId: string;
  groupName: string;
  conversation: GroupConversation;
}) {
  if (conversation.status === 'error') {
    return <EmptyState icon={<AlertIcon />} message={conversation.error} />;
  }
  if (conversation.status === 'loading') {
    return (
      <div className="flex h-full items-center justify-center gap-3 text-slate-500">
        <Spinner />
        {strings.chat.loading}
      </div>
    );
  }
  return <GroupMessageList key={groupId} groupName={groupName} conversation={conversation} />;
}
