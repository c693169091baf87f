import { forwardRef, useMemo, useState, type Ref } from 'react';
import { Virtuoso, type ItemProps, type ListProps } from 'react-virtuoso';
import { useAppSelector } from '../../app/hooks';
import { EmptyState } from '../../components/EmptyState';
import { ChatBubbleIcon } from '../../components/icons';
import { LoadMoreButton } from '../../components/LoadMoreButton';
import type { GroupMessage } from '../../lib/firebase/group-messages';
import { strings } from '../../strings';
import { relationWith, selectMyUid, selectRelationIndex } from '../friends';
import { GroupMessageBubble } from './GroupMessageBubble';
import type { GroupConversation } from './use-group-conversation';

interface Context {
  label: string;
  conversation: GroupConversation;
}
type WithContext = { context?: Context };

const List = forwardRef(function List(
  { style, children, context }: ListProps & WithContext,
  ref: Ref<HTMLDivElement>,
) {
  return (
    <ol
      ref={ref as unknown as Ref<HTMLOListElement>}
      style={style}
      aria-label={context?.label}
      className="px-5"
    >
      {children}
    </ol>
  );
});

function Item({ children, context: _context, ...props }: ItemProps<GroupMessage> & WithContext) {
  return (
    <li {...props} className="pt-2">
      {children}
    </li>
  );
}

function Header({ context }: WithContext) {
  if (!context?.conversation.hasOlder) return <div className="h-3" />;
  return (
    <div className="flex justify-center pt-2">
      <LoadMoreButton
        label={strings.chat.loadOlder}
        loading={context.conversation.loadingOlder}
        onClick={context.conversation.loadOlder}
      />
    </div>
  );
}

const Footer = () => <div className="h-3" />;
const components = { List, Item, Header, Footer };

/** A group's loaded messages, oldest at the top, windowed like the 1:1 chat. */
export function GroupMessageList({
  groupName,
  conversation,
}: {
  groupName: string;
  conversation: GroupConversation;
}) {
  const me = useAppSelector(selectMyUid);
  const relations = useAppSelector(selectRelationIndex);
  const context = useMemo(
    () => ({ label: strings.groupChat.conversationIn(groupName), conversation }),
    [groupName, conversation],
  );
  const { messages } = conversation;
  // Virtuoso keeps the scroll position when older rows are prepended if the first index goes
  // down by as many rows: count them from a message that stays loaded (as MessageList does).
  const [anchor, setAnchor] = useState(() => messages.at(0)?.id ?? '');
  const anchorAt = messages.findIndex((message) => message.id === anchor);
  if (anchorAt < 0 && messages.length > 0) setAnchor(messages[0].id);
  const firstItemIndex = 1_000_000_000 - Math.max(anchorAt, 0);
  if (messages.length === 0) {
    return <EmptyState icon={<ChatBubbleIcon />} message={strings.groupChat.sayHello(groupName)} />;
  }
  return (
    <Virtuoso
      className="h-full"
      data={messages}
      context={context}
      components={components}
      computeItemKey={(_i, message) => message.id}
      firstItemIndex={firstItemIndex}
      initialTopMostItemIndex={{ index: 'LAST', align: 'end' }}
      followOutput={(atBottom) => (atBottom ? 'auto' : false)}
      startReached={() => {
        if (conversation.hasOlder && !conversation.loadingOlder) conversation.loadOlder();
      }}
      itemContent={(_i, message) => {
        const mine = message.senderId === me;
        return (
          <div className={`flex ${mine ? 'justify-end' : 'justify-start'}`}>
            <GroupMessageBubble
              message={message}
              mine={mine}
              blocked={!mine && relationWith(relations, me, message.senderId).kind === 'blocking'}
            />
          </div>
        );
      }}
    />
  );
}
