/**
 * The emoji picker itself (a lazy chunk): emoji-picker-element, a ~13 kB web component with
 * search, categories, skin tones and frequently used emoji. Its data (emojibase, English) is not
 * in the code: it is a hashed static asset of our build, fetched once and then kept by the
 * picker in IndexedDB, so nothing comes from a CDN (our CSP and offline use forbid one).
 */
import Picker from 'emoji-picker-element/picker';
import dataSource from 'emoji-picker-element-data/en/emojibase/data.json?url';
import { useEffect, useRef } from 'react';
import { conversationsStrings } from '../conversations-strings';

/** The app's look (white card, brand accent, slate text), in the element's own variables. */
const look = [
  '--background: #fff',
  '--border-size: 0',
  '--border-radius: 1rem',
  '--button-active-background: #e0e7ff',
  '--button-hover-background: #f1f5f9',
  '--indicator-color: #5f35f5',
  '--input-border-color: #e2e8f0',
  '--input-border-radius: 9999px',
  '--input-font-color: #0f172a',
  '--input-placeholder-color: #94a3b8',
  '--outline-color: #5f35f5',
  '--category-font-color: #64748b',
  // All ten category tabs fit in the 320 px width (the default sizes overflow it).
  '--emoji-size: 1.25rem',
  '--emoji-padding: 0.35rem',
  '--num-columns: 9',
  'width: 320px',
  'max-width: calc(100vw - 2rem)',
  'height: 380px',
].join(';');

interface Props {
  /** Built ahead and kept while closed (EmojiPicker): shown, it focuses its search field. */
  open: boolean;
  onPick: (emoji: string) => void;
}

export default function EmojiPanel({ open, onPick }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const search = useRef<HTMLInputElement | null>(null);
  const pick = useRef(onPick);
  useEffect(() => {
    pick.current = onPick;
  });
  useEffect(() => {
    const picker = new Picker({ dataSource, locale: 'en' });
    picker.i18n = { ...picker.i18n, searchLabel: conversationsStrings.chatImages.emojiSearch };
    picker.classList.add('light');
    picker.setAttribute('style', look);
    picker.addEventListener('emoji-click', (event) => {
      if (event.detail.unicode) pick.current(event.detail.unicode);
    });
    box.current?.append(picker);
    search.current = picker.shadowRoot?.querySelector('input[type="search"]') ?? null;
    return () => picker.remove();
  }, []);
  useEffect(() => {
    const field = search.current;
    // The search field takes the focus, as the menu button's popup should.
    if (open) field?.focus();
    // Closed, it forgets its search, as a new picker would.
    else if (field?.value) {
      field.value = '';
      field.dispatchEvent(new Event('input'));
    }
  }, [open]);
  return <div ref={box} className="overflow-hidden rounded-2xl shadow-lg ring-1 ring-slate-200" />;
}
