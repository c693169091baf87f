import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useAppSelector, useGateways } from '../../../store/hooks';
import type { ConversationKey } from '../../../lib/conversation-key';
import type { MessageImageInfo } from '../../../lib/firebase/conversations/shapes';
import { conversationsStrings } from '../conversations-strings';
import { selectConversationKey } from '../timeline';
import { fitWithin } from './image-compress';
import { useUploading } from './image-uploads';
import { useControlTabIndex } from '../message';

/** The lightbox and its styles load with the first click on an image, never before. */
const ImageLightbox = lazy(() => import('./image-lightbox'));

/** The box a thumbnail is shown in (CSS px): its aspect ratio, within 240×240. */
const BOX = 240;

/** The thumbnail's data URL once read (null while loading or when it cannot be read). */
function useThumbnail(
  conversation: ConversationKey | null,
  imageId: string,
  sender?: string,
): string | null {
  const { chatImages } = useGateways();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!conversation) return;
    let current = true;
    chatImages.readThumb(conversation, imageId, sender).then(
      (data) => current && setUrl(data),
      () => current && setUrl(null),
    );
    return () => {
      current = false;
    };
  }, [chatImages, conversation, imageId, sender]);
  return url;
}

/**
 * An image message: the thumbnail at its aspect ratio ('Uploading…' over it until the server
 * stored my send), a click opens the conversation's images in the lightbox.
 */
export function ImageBubble({ image, mine }: { image: MessageImageInfo; mine: boolean }) {
  const conversation = useAppSelector(selectConversationKey);
  const thumb = useThumbnail(conversation, image.id, image.sender);
  const uploading = useUploading(image.id);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const box = fitWithin(image, BOX);
  const tabIndex = useControlTabIndex();
  return (
    <>
      <button
        ref={button}
        type="button"
        tabIndex={tabIndex}
        aria-label={conversationsStrings.chatImages.open(image.caption)}
        aria-busy={uploading}
        onClick={() => setOpen(true)}
        style={{
          aspectRatio: `${String(image.width)} / ${String(image.height)}`,
          width: box.width,
        }}
        className={`relative block max-w-full overflow-hidden rounded-xl focus:outline-hidden focus-visible:ring-4 focus-visible:ring-brand-200 ${
          mine ? 'bg-brand-400' : 'bg-slate-200'
        }`}
      >
        {thumb ? (
          <img
            src={thumb}
            alt={image.caption || conversationsStrings.chatImages.photo}
            width={box.width}
            height={box.height}
            className="h-full w-full object-cover"
          />
        ) : null}
        {uploading ? (
          <span className="absolute inset-0 flex items-center justify-center bg-black/40 text-sm font-medium text-white">
            {conversationsStrings.chatImages.uploading}
          </span>
        ) : null}
      </button>
      {open && conversation ? (
        <Suspense fallback={null}>
          <ImageLightbox
            conversation={conversation}
            startId={image.id}
            onClose={() => {
              setOpen(false);
              // Focus goes back where it was before the lightbox opened.
              requestAnimationFrame(() => button.current?.focus());
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
