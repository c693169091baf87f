import { useEffect, useState, type RefObject } from 'react';
import { useAppSelector } from '../../../store/hooks';
import { selectComposing } from '../timeline';

/**
 * 'Reply' or 'Edit' from a message's menu (kept in the store, so the list can ask for it). An
 * edit takes the field with the message's text; what was typed before comes back after.
 */
export function useComposerMode(
  text: string,
  setText: (text: string) => void,
  input: RefObject<HTMLTextAreaElement | null>,
) {
  const composing = useAppSelector(selectComposing);
  const editing = composing?.kind === 'edit' ? composing.message : null;
  const modeKey = composing ? `${composing.kind}:${composing.message.id}` : null;
  const [mode, setMode] = useState<{ key: string | null; draft: string | null }>({
    key: null,
    draft: null,
  });
  if (mode.key !== modeKey) {
    const draft = mode.draft ?? text;
    if (editing) setText(editing.text);
    else if (mode.draft !== null) setText(mode.draft);
    setMode({ key: modeKey, draft: editing ? draft : null });
  }
  useEffect(() => {
    if (modeKey) input.current?.focus();
  }, [modeKey, input]);
  return { composing, editing };
}
