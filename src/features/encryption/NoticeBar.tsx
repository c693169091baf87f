import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Icon } from '../../components/icons';
import { encryptionStrings } from './encryption-strings';

const tones = {
  brand: { ring: 'ring-brand-100', icon: 'text-brand-500' },
  sky: { ring: 'ring-sky-200', icon: 'text-sky-600' },
  amber: { ring: 'ring-amber-200', icon: 'text-amber-600' },
} as const;

interface Props {
  /** The region's accessible name. */
  label: string;
  tone: keyof typeof tones;
  /** Bold words first (may be empty), then the explanation. */
  lead?: string;
  /** Shown for `lead` on a phone, where the whole lead would be cut (the full one is still read). */
  shortLead?: string;
  detail: ReactNode;
  /** The notice's buttons, kept on the line whatever the width. */
  children: ReactNode;
}

/**
 * One slim line above the page for an encryption notice: the text is cut with an ellipsis when
 * the line is too short (a phone), and a chevron then opens it in full; the buttons always stay.
 * It sits outside the page's scroll box, so it takes one line from the page and covers nothing.
 */
export function NoticeBar({ label, tone, lead, shortLead, detail, children }: Props) {
  const text = useRef<HTMLParagraphElement>(null);
  const [open, setOpen] = useState(false);
  const [cut, setCut] = useState(false);

  useLayoutEffect(() => {
    const node = text.current;
    if (!node || open) return;
    const measure = () => setCut(node.scrollWidth > node.clientWidth + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, [open, detail]);

  return (
    <div
      role="region"
      aria-label={label}
      className={`flex shrink-0 gap-2 rounded-xl bg-white py-1 pr-1 pl-3 shadow-[0_2px_12px_rgba(15,23,42,0.06)] ring-1 ${tones[tone].ring} ${open ? 'items-start' : 'items-center'}`}
    >
      <LockIcon
        className={`h-4 w-4 shrink-0 max-sm:hidden ${tones[tone].icon} ${open ? 'mt-2' : ''}`}
      />
      <p
        ref={text}
        className={`min-w-0 flex-1 py-1 text-[13px] leading-6 sm:text-sm ${open ? '' : 'truncate'}`}
        title={open || !cut || typeof detail !== 'string' ? undefined : `${lead ?? ''} ${detail}`}
      >
        {shortLead && (
          <span aria-hidden className="font-semibold text-slate-900 sm:hidden">
            {shortLead}{' '}
          </span>
        )}
        {lead && (
          <span className={`font-semibold text-slate-900 ${shortLead ? 'max-sm:sr-only' : ''}`}>
            {lead}{' '}
          </span>
        )}
        <span className="text-slate-600">{detail}</span>
      </p>
      {(cut || open) && (
        <button
          type="button"
          aria-expanded={open}
          aria-label={open ? encryptionStrings.lessDetail : encryptionStrings.moreDetail}
          title={open ? encryptionStrings.lessDetail : encryptionStrings.moreDetail}
          onClick={() => setOpen(!open)}
          className="inline-flex h-8 w-6 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 focus:outline-hidden focus-visible:ring-4 focus-visible:ring-brand-100"
        >
          <Icon className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`}>
            <path d="m6 9 6 6 6-6" />
          </Icon>
        </button>
      )}
      <div className="flex shrink-0 items-center gap-1.5">{children}</div>
    </div>
  );
}

export function LockIcon({ className }: { className: string }) {
  return (
    <Icon className={className}>
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </Icon>
  );
}

/** The bar's buttons: a slim height, so the line stays one line. */
export const barButton = 'px-2.5! py-1.5! text-sm sm:px-3!';
