import type { MessageImageInfo } from '../../../lib/firebase/conversations/shapes';
import { ImageBubble } from './image-bubble';
import { MessageText } from '../message';

/** An image message's content in its bubble: the image, then the caption when there is one. */
export function ImageMessageBody({ image, mine }: { image: MessageImageInfo; mine: boolean }) {
  return (
    <div className="-mx-2 flex flex-col gap-1.5">
      <ImageBubble image={image} mine={mine} />
      {image.caption ? (
        <div className="px-2">
          <MessageText text={image.caption} mine={mine} />
        </div>
      ) : null}
    </div>
  );
}
