import type { FocusTrap } from 'focus-trap';
import { useEffect, useEffectEvent, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { componentsStrings } from './components-strings';
import { IconButton } from './IconButton';
import { CloseIcon } from './icons';

interface Props {
  title: string;
  description?: string;
  onClose: () => void;
  children: ReactNode;
  /** A wider dialog, for content such as the picture cropper. */
  wide?: boolean;
}

// jsdom lays nothing out, so visibility cannot be measured there; browsers check it in full.
// Read lazily: Node (integration tests) imports this module through feature barrels.
const displayCheck = () =>
  typeof navigator === 'undefined' || navigator.userAgent.includes('jsdom') ? 'none' : 'full';

/**
 * A dialog over the page: Escape, the close button or a click on the backdrop closes it;
 * focus moves into it on open, Tab cycles inside it (focus-trap), and focus returns to where
 * it was on close.
 */
export function Modal({ title, description, onClose, children, wide = false }: Props) {
  const titleId = useId();
  const descriptionId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const close = useEffectEvent(onClose);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const field = dialog.current?.querySelector<HTMLElement>('input, textarea, select');
    (field ?? dialog.current)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKey);
    // The trap (focus-trap + tabbable, ~9 kB gzipped) loads with the first dialog, not with
    // every screen; the dialog already holds focus while it arrives.
    let trap: FocusTrap | null = null;
    let closed = false;
    void import('focus-trap').then(({ createFocusTrap }) => {
      if (closed || !dialog.current) return;
      trap = createFocusTrap(dialog.current, {
        // Opening focus, Escape and focus return are handled here, in one place.
        initialFocus: false,
        escapeDeactivates: false,
        returnFocusOnDeactivate: false,
        allowOutsideClick: true,
        fallbackFocus: () => dialog.current ?? document.body,
        tabbableOptions: { displayCheck: displayCheck() },
      }).activate();
    });
    return () => {
      closed = true;
      trap?.deactivate();
      document.removeEventListener('keydown', onKey);
      previous?.focus();
    };
  }, []);

  return createPortal(
    <div
      className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/40 p-4 backdrop-blur-[2px]"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={`w-full ${wide ? 'max-w-3xl' : 'max-w-md'} max-h-[calc(100vh-2rem)] overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl focus:outline-hidden`}
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <div>
            <h2 id={titleId} className="text-xl font-semibold text-slate-900">
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className="mt-1 text-sm text-slate-500">
                {description}
              </p>
            ) : null}
          </div>
          <IconButton label={componentsStrings.home.close} icon={<CloseIcon />} onClick={onClose} />
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}
