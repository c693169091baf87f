import { useAppSelector } from '../../store/hooks';
import { EmptyState } from '../../components/EmptyState';
import { AlertIcon } from '../../components/icons';
import { Spinner } from '../../components/Spinner';
import { conversationsStrings } from './conversations-strings';
import { selectReadUpTo } from './receipts';
import { MessageList } from './message-list';

export function ConversationLoading() {
  return (
    <div className="flex h-full items-center justify-center gap-3 text-slate-500">
      <Spinner className="h-5 w-5 text-brand-500" label={conversationsStrings.chat.loading} />
    </div>
  );
}

/**
 * Conversation `id` (a friendship's or a group's) once the store holds it: a spinner until
 * then (also while the store still holds the conversation shown before), its error, or the list.
 */
export function OpenConversation({ id, name }: { id: string; name: string }) {
  const loaded = useAppSelector((state) => state.conversations.conversationId === id);
  const status = useAppSelector((state) => state.conversations.status);
  const error = useAppSelector((state) => state.conversations.error);
  const readUpTo = useAppSelector(selectReadUpTo);
  if (!loaded) return <ConversationLoading />;
  if (status === 'error') return <EmptyState icon={<AlertIcon />} message={error} />;
  if (status !== 'ready') return <ConversationLoading />;
  // Keyed by conversation: the list's scroll state and read point belong to one conversation.
  return <MessageList key={id} name={name} readUpTo={readUpTo} />;
}
