import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { insertMention, matchMentionables, mentionQuery, type Mentionable } from './mention-picker';

/**
 * The '@' list's state: what is being typed at the caret, the matches, the highlighted one,
 * and the people picked so far (their uids go with the send while their names stay typed).
 */
export function useMentionPicker(
  text: string,
  input: { current: HTMLTextAreaElement | null },
  people: readonly Mentionable[] | undefined,
) {
  const listId = useId();
  const [caret, setCaret] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  // The '@' whose list was closed (Escape, a pick, leaving the field) stays closed.
  const [dismissed, setDismissed] = useState<number | null>(null);
  const [picked, setPicked] = useState<Mentionable[]>([]);
  // After a pick the caret goes right after the inserted name, in the same commit as the text
  // (a later frame would move it back over anything typed meanwhile).
  const placeCaret = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (placeCaret.current === null) return;
    input.current?.setSelectionRange(placeCaret.current, placeCaret.current);
    placeCaret.current = null;
  }, [text, input]);
  const query = people && caret !== null ? mentionQuery(text, caret) : null;
  const matches = query && people ? matchMentionables(people, query.query) : [];
  const open = query !== null && query.start !== dismissed && matches.length > 0;
  const current = Math.min(active, Math.max(matches.length - 1, 0));

  const onCaret = (at: number | null) => {
    setCaret(at);
    const next = at === null ? null : mentionQuery(input.current?.value ?? text, at);
    if (next?.start !== query?.start) setActive(0);
    if (next === null || next.start !== dismissed) setDismissed(null);
  };
  const pick = (person: Mentionable, setText: (text: string) => void) => {
    if (!query) return;
    const done = insertMention(text, query.start, caret ?? text.length, person);
    setText(done.text);
    setPicked((list) => [...list.filter((p) => p.uid !== person.uid), person]);
    setDismissed(query.start);
    setCaret(done.caret);
    placeCaret.current = done.caret;
  };
  /** Handles the list's keys while it is open; true when the key was the list's. */
  const onKeyDown = (
    event: KeyboardEvent<HTMLTextAreaElement>,
    setText: (text: string) => void,
  ): boolean => {
    if (!open) return false;
    const steps: Partial<Record<string, number>> = { ArrowDown: 1, ArrowUp: -1 };
    const step = steps[event.key];
    if (step !== undefined) {
      event.preventDefault();
      setActive((current + step + matches.length) % matches.length);
      return true;
    }
    if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab') {
      const person = matches.at(current);
      if (!person || event.nativeEvent.isComposing) return false;
      event.preventDefault();
      pick(person, setText);
      return true;
    }
    if (event.key === 'Escape') {
      // The list closes; nothing else (a dialog, the chat) hears this Escape.
      event.preventDefault();
      event.stopPropagation();
      setDismissed(query.start);
      return true;
    }
    return false;
  };
  return {
    listId,
    open,
    matches,
    active: current,
    setActive,
    picked,
    onCaret,
    pick,
    onKeyDown,
    close: () => setDismissed(query?.start ?? null),
    reset: () => {
      setPicked([]);
      setDismissed(null);
      setCaret(null);
    },
  };
}
