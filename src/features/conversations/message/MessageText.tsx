import { memo } from 'react';
import { splitLinks } from './linkify';
import { useControlTabIndex } from './message-article';

/** A message's text with its line breaks, http(s) addresses as links opening a new tab. */
export const MessageText = memo(function MessageText({
  text,
  mine,
}: {
  text: string;
  mine: boolean;
}) {
  const tabIndex = useControlTabIndex();
  return (
    <p className="whitespace-pre-wrap wrap-anywhere">
      {splitLinks(text).map((part, i) =>
        part.kind === 'link' ? (
          <a
            key={i}
            href={part.href}
            tabIndex={tabIndex}
            target="_blank"
            rel="noopener noreferrer"
            className={`underline underline-offset-2 ${mine ? 'text-white' : 'text-brand-700'}`}
          >
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </p>
  );
});
