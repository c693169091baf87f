import {
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import type { MenuPlace } from './message-actions-context';

export interface MenuItem {
  label: string;
  icon: ReactNode;
  onSelect: () => void;
  danger?: boolean;
}

/** Space kept between the menu and the window's edges (px). */
const EDGE = 8;

/**
 * A message's menu (role menu): the first item takes the focus; Up/Down (wrapping), Home and
 * End move between items; Enter or a click runs one; Escape, Tab or a click elsewhere close it.
 * Fixed over the page (a portal), so the list's scrolling box never clips it; kept inside the
 * window, flipped above its point when there is no room below.
 */
export function MessageMenu({
  label,
  items,
  place,
  onClose,
}: {
  label: string;
  items: MenuItem[];
  place: MenuPlace;
  /** `refocus`: give the focus back to where the menu was opened from. */
  onClose: (refocus: boolean) => void;
}) {
  const menu = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState<{ left: number; top: number } | null>(null);
  const close = useEffectEvent(onClose);

  useLayoutEffect(() => {
    const box = menu.current;
    if (!box) return;
    const { offsetWidth: width, offsetHeight: height } = box;
    const left = place.align === 'end' ? place.x - width : place.x;
    const below = place.y + height + EDGE <= window.innerHeight;
    const top = below ? place.y : (place.above ?? place.y) - height - 4;
    setPosition({
      left: Math.max(EDGE, Math.min(left, window.innerWidth - width - EDGE)),
      top: Math.max(EDGE, Math.min(top, window.innerHeight - height - EDGE)),
    });
  }, [place]);
  // Once placed: a hidden (unplaced) menu cannot take the focus.
  const placed = position !== null;
  useEffect(() => {
    if (placed) menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [placed]);

  useEffect(() => {
    const onPointer = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node)) close(false);
    };
    const onScrollOrResize = () => close(false);
    document.addEventListener('pointerdown', onPointer, true);
    window.addEventListener('resize', onScrollOrResize);
    return () => {
      document.removeEventListener('pointerdown', onPointer, true);
      window.removeEventListener('resize', onScrollOrResize);
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // The list's own keys (arrows between messages) must not see these.
    event.stopPropagation();
    const all = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = all.indexOf(document.activeElement as HTMLElement);
    const go = (index: number) => all[(index + all.length) % all.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        go(at + 1);
        break;
      case 'ArrowUp':
        go(at - 1);
        break;
      case 'Home':
        go(0);
        break;
      case 'End':
        go(all.length - 1);
        break;
      case 'Escape':
      case 'Tab':
        onClose(true);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  return createPortal(
    <div
      ref={menu}
      role="menu"
      aria-label={label}
      onKeyDown={onKeyDown}
      style={position ?? { left: 0, top: 0, visibility: 'hidden' }}
      className="fixed z-40 min-w-44 rounded-xl bg-white py-1.5 shadow-lg ring-1 ring-slate-200"
    >
      {items.map((item) => (
        <button
          key={item.label}
          type="button"
          role="menuitem"
          tabIndex={-1}
          onClick={item.onSelect}
          className={`flex w-full items-center gap-3 px-4 py-2 text-left text-sm font-medium focus:outline-hidden ${
            item.danger
              ? 'text-rose-700 hover:bg-rose-50 focus:bg-rose-50'
              : 'text-slate-700 hover:bg-slate-100 focus:bg-slate-100'
          }`}
        >
          <span className={item.danger ? 'text-rose-600' : 'text-slate-500'}>{item.icon}</span>
          {item.label}
        </button>
      ))}
    </div>,
    document.body,
  );
}
