import { formatConversationTime } from './conversation-time';

/** A conversation row's last-activity time; read out with the row's summary, so hidden here. */
export function ConversationTime({ at }: { at: number }) {
  return (
    <time aria-hidden dateTime={new Date(at).toISOString()} className="text-xs text-slate-600">
      {formatConversationTime(at)}
    </time>
  );
}
