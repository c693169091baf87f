import { useState, type RefObject } from 'react';
import { firstImageFile, usePanelDrop, type useImageSending } from '../images';

/**
 * A file dragged onto the chat panel: the drop zone's box (the panel, measured when a drag
 * enters it) while it is over, and `sendAny` with the file dropped.
 */
export function useComposerDrop(
  form: RefObject<HTMLFormElement | null>,
  disabled: boolean,
  images: ReturnType<typeof useImageSending>,
  sendAny: (file: File) => void,
): DOMRect | null {
  const [dropBox, setDropBox] = useState<DOMRect | null>(null);
  usePanelDrop(form, {
    onDragOver: (event) => {
      images.onDragOver(event);
      if (!dropBox && !disabled) {
        setDropBox(form.current?.closest('section')?.getBoundingClientRect() ?? null);
      }
    },
    onDragLeave: () => {
      images.onDragLeave();
      setDropBox(null);
    },
    onDrop: (event) => {
      images.onDragLeave();
      setDropBox(null);
      const file = firstImageFile(event.dataTransfer);
      if (disabled || !file) return;
      event.preventDefault();
      sendAny(file);
    },
  });
  return dropBox;
}
