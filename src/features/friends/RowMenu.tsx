import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { MoreIcon } from '../../components/icons';

export interface RowMenuItem {
  label: string;
  onSelect: () => void;
  danger?: boolean;
}

interface Position {
  top?: number;
  bottom?: number;
  right: number;
}

/**
 * A row's '⋯' button and its menu (the WAI-ARIA menu button pattern), so a row's actions take no
 * room from its name. Enter, Space or the arrows open it; the arrows, Home and End move between
 * items; Enter picks one; Escape and Tab close it and focus returns to the button. The menu is
 * drawn over the page (a portal into `main`), so a scrolling panel cannot cut it off.
 */
export function RowMenu({ label, items }: { label: string; items: RowMenuItem[] }) {
  const [open, setOpen] = useState<false | 'first' | 'last'>(false);
  const [position, setPosition] = useState<Position>({ right: 0 });
  // Inside the page's landmark (axe 'region'); fixed, so no scroll area clips it.
  const [host, setHost] = useState<HTMLElement | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const buttonId = useId();
  const menuId = useId();

  const menuItems = () =>
    Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  const openAt = (item: 'first' | 'last') => {
    setHost(button.current?.closest('main') ?? document.body);
    setOpen(item);
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  // Below the button, or above it when there is no room left underneath: in the viewport, and in
  // the page's box, whose edge fades out (scroll-fade's mask) whatever is drawn past it.
  useLayoutEffect(() => {
    if (!open || !button.current) return;
    const rect = button.current.getBoundingClientRect();
    const height = menu.current?.offsetHeight ?? 0;
    const right = window.innerWidth - rect.right;
    const pageBottom = button.current.closest('main')?.getBoundingClientRect().bottom;
    const limit = Math.min(window.innerHeight, pageBottom ?? window.innerHeight);
    setPosition(
      rect.bottom + 4 + height > limit
        ? { bottom: window.innerHeight - rect.top + 4, right }
        : { top: rect.bottom + 4, right },
    );
    const list = menuItems();
    (open === 'last' ? list.at(-1) : list[0])?.focus();
  }, [open]);

  // A click elsewhere, a scroll or a resize leaves the menu where it no longer belongs.
  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) close(false);
    };
    const onMove = (event: Event) => {
      if (!menu.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener('mousedown', onDown);
    window.addEventListener('scroll', onMove, true);
    window.addEventListener('resize', onMove);
    return () => {
      document.removeEventListener('mousedown', onDown);
      window.removeEventListener('scroll', onMove, true);
      window.removeEventListener('resize', onMove);
    };
  }, [open]);

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    openAt(event.key === 'ArrowUp' ? 'last' : 'first');
  };

  const onMenuKey = (event: KeyboardEvent) => {
    const list = menuItems();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const go = (index: number) => list[(index + list.length) % list.length]?.focus();
    const keys: Partial<Record<string, () => void>> = {
      ArrowDown: () => go(at + 1),
      ArrowUp: () => go(at - 1),
      Home: () => go(0),
      End: () => go(list.length - 1),
      Escape: () => close(true),
      Tab: () => close(true),
    };
    const act = keys[event.key];
    if (!act) return;
    event.preventDefault();
    event.stopPropagation();
    act();
  };

  return (
    <>
      <button
        ref={button}
        id={buttonId}
        type="button"
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={Boolean(open)}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openAt('first'))}
        onKeyDown={onButtonKey}
        className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-lg text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-800 focus:outline-hidden focus-visible:ring-4 focus-visible:ring-brand-100"
      >
        <MoreIcon />
      </button>
      {open && host
        ? createPortal(
            <div
              ref={menu}
              id={menuId}
              role="menu"
              aria-labelledby={buttonId}
              onKeyDown={onMenuKey}
              style={position}
              className="fixed z-50 min-w-36 rounded-xl bg-white p-1 shadow-lg ring-1 ring-slate-200"
            >
              {items.map((item) => (
                <button
                  key={item.label}
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  onClick={() => {
                    // Focus goes back first, so a dialog the item opens returns it there.
                    close(true);
                    item.onSelect();
                  }}
                  className={`block w-full rounded-lg px-3 py-2 text-left text-sm font-semibold focus:outline-hidden ${item.danger ? 'text-rose-700 hover:bg-rose-50 focus:bg-rose-50' : 'text-slate-700 hover:bg-slate-100 focus:bg-slate-100'}`}
                >
                  {item.label}
                </button>
              ))}
            </div>,
            host,
          )
        : null}
    </>
  );
}
