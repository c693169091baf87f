import { createPortal } from 'react-dom';
import { PaperclipIcon } from './file-icons';
import { filesStrings } from './files-strings';

/**
 * What shows while a file is dragged over the open conversation: a dashed zone over the whole
 * chat panel (`box`, its place on screen), saying a drop sends it. It takes no pointer events,
 * so the panel underneath still receives the drop.
 */
export function DropZone({ box }: { box: DOMRect }) {
  return createPortal(
    <div
      data-drop-zone
      style={{ left: box.left, top: box.top, width: box.width, height: box.height }}
      className="pointer-events-none fixed z-40 flex flex-col items-center justify-center gap-2 rounded-2xl border-2 border-dashed border-brand-400 bg-brand-50/90 text-base font-semibold text-brand-700"
    >
      <PaperclipIcon className="h-8 w-8" />
      {filesStrings.dropHere}
    </div>,
    document.body,
  );
}
