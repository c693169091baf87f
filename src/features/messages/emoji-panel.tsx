/**
 * The emoji picker itself (a lazy chunk): emoji-picker-react with its bundled data and native
 * emoji, so nothing is fetched at runtime (our CSP and offline use forbid a CDN). Search,
 * categories, skin tones, recently used and keyboard navigation come with it.
 */
import Picker, { EmojiStyle, SuggestionMode } from 'emoji-picker-react';
import { strings } from '../../strings';

export default function EmojiPanel({ onPick }: { onPick: (emoji: string) => void }) {
  return (
    <Picker
      onEmojiClick={(data) => onPick(data.emoji)}
      emojiStyle={EmojiStyle.NATIVE}
      suggestedEmojisMode={SuggestionMode.RECENT}
      autoFocusSearch
      lazyLoadEmojis
      searchPlaceholder={strings.chatImages.emojiSearch}
      previewConfig={{ showPreview: false }}
      width={320}
      height={380}
    />
  );
}
