/**
 * The conversation's loaded images in yet-another-react-lightbox (a lazy chunk, with its CSS):
 * zoom (buttons, wheel, +/-), rotate left/right, download under a readable name, a counter,
 * arrows and Escape. Slides show the thumbnail until the full image has been read.
 */
import type { ConversationKey } from '../../../lib/conversation-key';
import { useEffect, useMemo, useState } from 'react';
import Lightbox, { type Slide } from 'yet-another-react-lightbox';
import Counter from 'yet-another-react-lightbox/plugins/counter';
import Download from 'yet-another-react-lightbox/plugins/download';
import Zoom from 'yet-another-react-lightbox/plugins/zoom';
import 'yet-another-react-lightbox/styles.css';
import 'yet-another-react-lightbox/plugins/counter.css';
import { useAppSelector, useGateways } from '../../../store/hooks';
import type { ConversationMessage } from '../../../lib/firebase/conversations/shapes';
import { conversationsStrings } from '../conversations-strings';
import { selectConversationMessages } from '../timeline';
import { downloadName } from './image-download-name';
import { RotateIcon } from '../../../components/icons';

/** A transparent pixel for slides whose bytes have not been read yet. */
const EMPTY = 'data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==';

type WithImage = ConversationMessage & { image: NonNullable<ConversationMessage['image']> };

/** Reads thumbnails and full images of the slides near `index`, as they are needed. */
function useSlideSources(conversation: ConversationKey, images: WithImage[], index: number) {
  const { chatImages } = useGateways();
  const [sources, setSources] = useState<Record<string, string>>({});
  useEffect(() => {
    let current = true;
    const near = images.slice(Math.max(0, index - 1), index + 2);
    for (const { image } of near) {
      const keep = (url: string | null) => {
        if (current && url)
          setSources((known) => (known[image.id] === url ? known : { ...known, [image.id]: url }));
      };
      // The thumbnail is usually cached from the bubble; the full image replaces it.
      void chatImages.readThumb(conversation, image.id, image.sender).then(
        (thumb) => {
          setSources((known) =>
            known[image.id] || !thumb || !current ? known : { ...known, [image.id]: thumb },
          );
          return chatImages.readFull(conversation, image.id, image.sender).then(keep);
        },
        () => undefined,
      );
    }
    return () => {
      current = false;
    };
  }, [chatImages, conversation, images, index]);
  return sources;
}

interface Props {
  conversation: ConversationKey;
  startId: string;
  onClose: () => void;
}

export default function ImageLightbox({ conversation, startId, onClose }: Props) {
  const messages = useAppSelector(selectConversationMessages);
  const images = useMemo(
    () => messages.filter((m): m is WithImage => m.image !== undefined),
    [messages],
  );
  const [index, setIndex] = useState(() =>
    Math.max(
      0,
      images.findIndex((m) => m.image.id === startId),
    ),
  );
  const [rotation, setRotation] = useState<Record<string, number>>({});
  const sources = useSlideSources(conversation, images, index);

  const slides: Slide[] = images.map(({ image, createdAt }) => {
    const src = sources[image.id] ?? EMPTY;
    return {
      src,
      width: image.width,
      height: image.height,
      alt: image.caption || conversationsStrings.chatImages.photo,
      download: { url: src, filename: downloadName(createdAt, src) },
    };
  });
  const currentId = images[index]?.image.id ?? '';
  const rotate = (by: number) =>
    setRotation((known) => ({ ...known, [currentId]: (known[currentId] ?? 0) + by }));

  return (
    <Lightbox
      open
      close={onClose}
      index={index}
      slides={slides}
      plugins={[Zoom, Download, Counter]}
      on={{ view: ({ index: viewed }) => setIndex(viewed) }}
      controller={{ closeOnBackdropClick: true }}
      zoom={{ maxZoomPixelRatio: 3, scrollToZoom: true }}
      toolbar={{
        buttons: [
          rotateButton(
            'rotate-left',
            conversationsStrings.chatImages.lightbox.rotateLeft,
            () => rotate(-90),
            false,
          ),
          rotateButton(
            'rotate-right',
            conversationsStrings.chatImages.lightbox.rotateRight,
            () => rotate(90),
            true,
          ),
          'close',
        ],
      }}
      render={{
        slideContainer: ({ slide, children }) => {
          const id = images[slides.indexOf(slide)]?.image.id ?? '';
          const degrees = rotation[id] ?? 0;
          return (
            <div
              data-rotation={degrees}
              style={{
                width: '100%',
                height: '100%',
                transform: `rotate(${String(degrees)}deg)`,
                transition: 'transform 0.2s',
              }}
            >
              {children}
            </div>
          );
        },
      }}
    />
  );
}

/** A toolbar button that turns the photo a quarter (the icon mirrored for clockwise). */
function rotateButton(key: string, label: string, onClick: () => void, clockwise: boolean) {
  return (
    <button
      key={key}
      type="button"
      className="yarl__button"
      aria-label={label}
      title={label}
      onClick={onClick}
    >
      <RotateIcon className="h-6 w-6" style={clockwise ? { transform: 'scaleX(-1)' } : undefined} />
    </button>
  );
}
