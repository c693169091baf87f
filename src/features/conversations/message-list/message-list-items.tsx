import { DeletedBubble } from './DeletedBubble';
import { UnconfirmedDelete } from './message-alerts';
import { GroupMessageRow } from './group-message-row';
import { MessageActionsRow } from '../message-actions';
import { DaySeparator, MessageBubble, UnreadDivider } from './message-row';
import type { MessageRow } from '../message';
import {
  BottomGap,
  MessageFeed,
  MessageItem,
  MessageScroller,
  OlderHeader,
  type ListContext,
} from './virtuoso-parts';

/** The message list's parts and rows as Virtuoso draws them (MessageList.tsx). */
export const components = {
  Scroller: MessageScroller,
  List: MessageFeed,
  Item: MessageItem,
  Header: OlderHeader,
  Footer: BottomGap,
};

export function rowContent(_index: number, row: MessageRow, context: ListContext) {
  switch (row.kind) {
    case 'day':
      return <DaySeparator label={row.label} />;
    case 'unread':
      return <UnreadDivider />;
    case 'message': {
      const bubble = row.message.deleted ? (
        <DeletedBubble
          id={row.message.id}
          createdAt={row.message.createdAt}
          groupEnd={row.groupEnd}
        >
          {row.message.alert === 'unconfirmed-delete' ? (
            <UnconfirmedDelete message={row.message} mine={row.mine} />
          ) : null}
        </DeletedBubble>
      ) : (
        <MessageBubble message={row.message} mine={row.mine} groupEnd={row.groupEnd} />
      );
      // In a group, others' messages say who wrote them; a blocked person's stay collapsed.
      const content =
        !context.group || row.mine ? (
          bubble
        ) : (
          <GroupMessageRow
            message={row.message}
            groupStart={row.groupStart}
            blocked={context.blocked.has(row.message.senderId)}
          >
            {bubble}
          </GroupMessageRow>
        );
      return (
        <MessageActionsRow message={row.message} mine={row.mine} focus={context.focus}>
          {content}
        </MessageActionsRow>
      );
    }
  }
}

export const rowKey = (_index: number, row: MessageRow) => row.key;
