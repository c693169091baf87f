import { useEffect, useRef, useState, type ChangeEvent, type RefObject } from 'react';
import { useAppDispatch } from '../../../store/hooks';
import { sendConversationImage } from './conversations-image-thunks';
import { composeStarted } from '../timeline';

/** The first file of a paste or a drop that claims to be an image, else the first file. */
export function firstImageFile(data: DataTransfer | null): File | null {
  const files = data ? Array.from(data.files) : [];
  return files.find((file) => file.type.startsWith('image/')) ?? files.at(0) ?? null;
}

/** A React or a native drag event: only these parts are used. */
interface DragLike {
  dataTransfer: DataTransfer | null;
  preventDefault(): void;
}

const carriesFiles = (event: DragLike) =>
  Array.from(event.dataTransfer?.types ?? []).includes('Files');

/**
 * The composer's photo sending: the camera button's file input, paste and drag and drop all
 * end in `send(file)`. `takeCaption` hands over (and clears) the typed text and the quoted
 * message's id when the reply bar is open (and closes it). A file that cannot be sent shows
 * its reason until the next attempt, nothing is sent, and the reply bar comes back.
 */
export function useImageSending(
  disabled: boolean,
  takeCaption: () => { caption: string; replyTo?: string },
) {
  const dispatch = useAppDispatch();
  const [dragging, setDragging] = useState(false);
  const [preparing, setPreparing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const send = (file: File) => {
    if (disabled) return;
    setProblem(null);
    setPreparing(true);
    const { caption, replyTo } = takeCaption();
    void dispatch(sendConversationImage({ file, caption, ...(replyTo ? { replyTo } : {}) })).then(
      (result) => {
        setPreparing(false);
        if (sendConversationImage.rejected.match(result)) {
          setProblem(typeof result.payload === 'string' ? result.payload : null);
          if (replyTo) dispatch(composeStarted({ kind: 'reply', messageId: replyTo }));
        }
      },
    );
    // Compression is done once the thunk has handed the write to the SDK; the bubble shows the rest.
  };

  return {
    dragging,
    preparing,
    problem,
    send,
    onFileChosen: (event: ChangeEvent<HTMLInputElement>) => {
      const file = event.target.files?.[0];
      // The same file can be chosen again after a refusal.
      event.target.value = '';
      if (file) send(file);
    },
    onDragOver: (event: DragLike) => {
      if (disabled || !carriesFiles(event)) return;
      event.preventDefault();
      setDragging(true);
    },
    onDragLeave: () => {
      setDragging(false);
    },
    onDrop: (event: DragLike) => {
      setDragging(false);
      const file = firstImageFile(event.dataTransfer);
      if (disabled || !file) return;
      event.preventDefault();
      send(file);
    },
  };
}

type DropHandlers = Pick<
  ReturnType<typeof useImageSending>,
  'onDragOver' | 'onDragLeave' | 'onDrop'
>;

/**
 * A photo dropped anywhere on the chat panel (the message list included) is sent, not opened by
 * the browser: the panel is the closest `section` around `inside` (the composer).
 */
export function usePanelDrop(inside: RefObject<HTMLElement | null>, handlers: DropHandlers) {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    const area = inside.current?.closest('section');
    if (!area) return;
    const over = (event: DragEvent) => latest.current.onDragOver(event);
    const leave = (event: DragEvent) => {
      const to = event.relatedTarget;
      if (!(to instanceof Node && area.contains(to))) latest.current.onDragLeave();
    };
    const drop = (event: DragEvent) => latest.current.onDrop(event);
    area.addEventListener('dragover', over);
    area.addEventListener('dragleave', leave);
    area.addEventListener('drop', drop);
    return () => {
      area.removeEventListener('dragover', over);
      area.removeEventListener('dragleave', leave);
      area.removeEventListener('drop', drop);
    };
  }, [inside]);
}
