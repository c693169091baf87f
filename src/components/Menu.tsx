import {
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';

export interface MenuItem {
  label: string;
  icon?: ReactNode;
  onSelect: () => void;
  danger?: boolean;
}

/** Where a menu opens: a point, its left edge there ('start') or its right edge ('end'). */
export interface MenuPlace {
  x: number;
  y: number;
  align: 'start' | 'end';
  /** The top of what it opened from: with no room below, the menu goes above that. */
  above?: number;
  /** The lowest the menu may reach when not the window's bottom (a page box whose edge fades). */
  bottom?: number;
}

/** Space kept between the menu and the window's edges (px). */
const EDGE = 8;

interface Props {
  items: readonly MenuItem[];
  place: MenuPlace;
  /** `refocus`: give the focus back to where the menu was opened from. */
  onClose: (refocus: boolean) => void;
  /** The accessible name, or the id of the element that names the menu. */
  name: { label: string } | { labelledBy: string };
  id?: string;
  /** The item that takes the focus when the menu opens (Up on a menu button opens at the end). */
  focus?: 'first' | 'last';
  /** The menu button: a press on it toggles the menu itself, so it is not a press elsewhere. */
  opener?: RefObject<HTMLElement | null>;
  /** A scroll under a menu anchored to a row leaves it where the row no longer is. */
  closeOnScroll?: boolean;
  /** The element the menu is drawn into (a landmark, for axe's 'region'); the body by default. */
  host?: HTMLElement;
}

/**
 * A menu (the WAI-ARIA menu pattern): one item takes the focus; Up/Down (wrapping), Home and
 * End move between items; Enter or a click runs one; Escape, Tab or a press elsewhere close it.
 * Fixed over the page (a portal), so a scrolling box never clips it; kept inside the window (and
 * above `place.bottom`), flipped above its point when there is no room below. Used by the
 * rows' '⋯' buttons and the messages' menus.
 */
export function Menu({
  items,
  place,
  onClose,
  name,
  id,
  focus = 'first',
  opener,
  closeOnScroll = false,
  host,
}: Props) {
  const menu = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState<{ left: number; top: number } | null>(null);
  const close = useEffectEvent(onClose);

  useLayoutEffect(() => {
    const box = menu.current;
    if (!box) return;
    const { offsetWidth: width, offsetHeight: height } = box;
    const bottom = Math.min(window.innerHeight, place.bottom ?? window.innerHeight);
    const left = place.align === 'end' ? place.x - width : place.x;
    const below = place.y + height + EDGE <= bottom;
    const top = below ? place.y : (place.above ?? place.y) - height - 4;
    setPosition({
      left: Math.max(EDGE, Math.min(left, window.innerWidth - width - EDGE)),
      top: Math.max(EDGE, Math.min(top, window.innerHeight - height - EDGE)),
    });
  }, [place]);
  // Once placed: a hidden (unplaced) menu cannot take the focus.
  const placed = position !== null;
  useEffect(() => {
    if (!placed) return;
    const all = menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]');
    (focus === 'last' ? all?.[all.length - 1] : all?.[0])?.focus();
  }, [placed, focus]);

  useEffect(() => {
    const outside = (target: EventTarget | null) =>
      !menu.current?.contains(target as Node) && !opener?.current?.contains(target as Node);
    const onPointer = (event: PointerEvent) => {
      if (outside(event.target)) close(false);
    };
    const onScroll = (event: Event) => {
      if (!menu.current?.contains(event.target as Node)) close(false);
    };
    const onResize = () => close(false);
    document.addEventListener('pointerdown', onPointer, true);
    window.addEventListener('resize', onResize);
    if (closeOnScroll) window.addEventListener('scroll', onScroll, true);
    return () => {
      document.removeEventListener('pointerdown', onPointer, true);
      window.removeEventListener('resize', onResize);
      window.removeEventListener('scroll', onScroll, true);
    };
  }, [opener, closeOnScroll]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // The keys of what the menu opened over (a list's arrows between messages) must not see these.
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
      id={id}
      role="menu"
      aria-label={'label' in name ? name.label : undefined}
      aria-labelledby={'labelledBy' in name ? name.labelledBy : undefined}
      onKeyDown={onKeyDown}
      style={position ?? { left: 0, top: 0, visibility: 'hidden' }}
      className="fixed z-50 min-w-44 rounded-xl bg-white py-1.5 shadow-lg ring-1 ring-slate-200"
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
          {item.icon ? (
            <span className={item.danger ? 'text-rose-600' : 'text-slate-500'}>{item.icon}</span>
          ) : null}
          {item.label}
        </button>
      ))}
    </div>,
    host ?? document.body,
  );
}
