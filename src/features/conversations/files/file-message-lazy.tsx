import { lazy, Suspense } from 'react';
import type { ConversationMessage } from '../../../lib/firebase/conversations/shapes';
import { MessageText } from '../message';

/** The player and the file card load with the first file or voice message drawn. */
const Body = lazy(() => import('./file-message-body'));

/** A file or voice message's bubble content; its words while the code loads. */
export function FileMessageBody(props: {
  message: ConversationMessage;
  light: boolean;
  mine: boolean;
}) {
  return (
    <Suspense fallback={<MessageText text={props.message.text} mine={props.light} />}>
      <Body {...props} />
    </Suspense>
  );
}
