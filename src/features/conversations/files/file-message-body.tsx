import { useState } from 'react';
import { useAppSelector, useGateways } from '../../../store/hooks';
import type { ConversationMessage } from '../../../lib/firebase/conversations/shapes';
import { selectConversationKey } from '../timeline';
import { MessageText, useControlTabIndex } from '../message';
import { FileBubble } from './file-bubble';
import { VoicePlayer } from './voice-player';
import { markPlayed, wasPlayed } from './voice-playback';

/** A voice message in its bubble; the unplayed dot shows on others' until I play it. */
function VoiceBubble({
  message,
  light,
  mine,
}: {
  message: ConversationMessage;
  light: boolean;
  mine: boolean;
}) {
  const { chatFiles } = useGateways();
  const conversation = useAppSelector(selectConversationKey);
  const tabIndex = useControlTabIndex();
  const playedId = `${conversation ?? ''}|${message.id}`;
  const [unplayed, setUnplayed] = useState(() => !mine && !wasPlayed(playedId));
  const file = message.file;
  const descriptor = file?.descriptor;
  if (!file || !descriptor || !conversation) return null;
  return (
    <VoicePlayer
      durationMs={descriptor.durationMs ?? 0}
      levels={descriptor.levels ?? []}
      light={light}
      unplayed={unplayed}
      tabIndex={tabIndex}
      load={() => chatFiles.download(conversation, file, message.sealed === 'open')}
      onPlayed={() => {
        if (!unplayed) return;
        markPlayed(playedId);
        setUnplayed(false);
      }}
    />
  );
}

/**
 * A file or voice message's content in its bubble (loaded with the first such message shown):
 * the player or the file card; its words when its descriptor does not open.
 */
export default function FileMessageBody({
  message,
  light,
  mine,
}: {
  message: ConversationMessage;
  light: boolean;
  mine: boolean;
}) {
  const descriptor = message.file?.descriptor;
  if (!descriptor) return <MessageText text={message.text} mine={light} />;
  return message.file?.kind === 'voice' ? (
    <VoiceBubble message={message} light={light} mine={mine} />
  ) : (
    <FileBubble message={message} descriptor={descriptor} light={light} />
  );
}
