import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { MoreIcon } from '../../components/icons';
import { Menu, type MenuItem, type MenuPlace } from '../../components/Menu';

export type RowMenuItem = Omit<MenuItem, 'icon'>;

/**
 * A row's '⋯' button and its menu (the WAI-ARIA menu button pattern), so a row's actions take no
 * room from its name. Enter, Space or the arrows open it (Up at the last item); the menu's keys
 * are the shared Menu's; Escape and Tab close it and focus returns to the button. The menu opens
 * below the button, or above it when the page's box (whose edge fades) has no room underneath.
 */
export function RowMenu({ label, items }: { label: string; items: RowMenuItem[] }) {
  const [open, setOpen] = useState<{
    focus: 'first' | 'last';
    place: MenuPlace;
    host: HTMLElement;
  } | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const buttonId = useId();
  const menuId = useId();

  const openAt = (focus: 'first' | 'last') => {
    const box = button.current;
    if (!box) return;
    const rect = box.getBoundingClientRect();
    // Inside the page's landmark (axe 'region'); fixed, so no scroll area clips it.
    const main = box.closest('main');
    const bottom = main?.getBoundingClientRect().bottom;
    setOpen({
      focus,
      place: { x: rect.right, y: rect.bottom + 4, align: 'end', above: rect.top, bottom },
      host: main ?? document.body,
    });
  };
  const close = (refocus: boolean) => {
    setOpen(null);
    if (refocus) button.current?.focus();
  };

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    openAt(event.key === 'ArrowUp' ? 'last' : 'first');
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
        aria-expanded={open !== null}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openAt('first'))}
        onKeyDown={onButtonKey}
        className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-lg text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-800 focus:outline-hidden focus-visible:ring-4 focus-visible:ring-brand-100"
      >
        <MoreIcon />
      </button>
      {open ? (
        <Menu
          id={menuId}
          name={{ labelledBy: buttonId }}
          items={items.map((item) => ({
            ...item,
            onSelect: () => {
              // Focus goes back first, so a dialog the item opens returns it there.
              close(true);
              item.onSelect();
            },
          }))}
          place={open.place}
          focus={open.focus}
          onClose={close}
          opener={button}
          closeOnScroll
          host={open.host}
        />
      ) : null}
    </>
  );
}
