import { useState, type SyntheticEvent } from 'react';
import { shallowEqual } from 'react-redux';
import { Avatar } from '../../../components/Avatar';
import { Button } from '../../../components/Button';
import { Modal } from '../../../components/Modal';
import type { ConversationMessage } from '../../../lib/firebase/conversations/shapes';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { conversationsStrings } from '../conversations-strings';
import { forwardMessage, type ForwardTo } from './conversations-forward-thunks';
import { selectFriendRows } from '../../friends';
import { selectGroup, selectMyGroupIds } from '../../groups';
import { PersonAvatar, useDisplayNames } from '../../profiles';

const strings = conversationsStrings.forward;
const keyOf = (to: ForwardTo) => `${to.kind}:${to.id}`;

/** My groups (run or belonging to) and friends, each by name, as forward targets. */
function useForwardTargets(): { groups: ForwardTo[]; friends: (ForwardTo & { uid: string })[] } {
  const groupIds = useAppSelector(selectMyGroupIds);
  const groupNames = useAppSelector(
    (state) => groupIds.map((id) => selectGroup(state, id)?.groupName ?? null),
    shallowEqual,
  );
  const rows = useAppSelector(selectFriendRows);
  const names = useDisplayNames(rows.map((r) => r.friend));
  const byName = (a: ForwardTo, b: ForwardTo) => a.name.localeCompare(b.name);
  return {
    groups: groupIds
      .flatMap((id, i) => {
        // A group whose record has not arrived yet is left out until it has.
        const name = groupNames[i];
        return typeof name === 'string' ? [{ kind: 'group' as const, id, name }] : [];
      })
      .sort(byName),
    friends: rows
      .map((row, i) => ({
        kind: 'direct' as const,
        id: row.friendship.id,
        uid: row.friend.uid,
        name: names[i] || row.friend.name,
      }))
      .sort(byName),
  };
}

/**
 * 'Forward': pick one or more of my conversations (search by name) and send each a copy of
 * `message`, marked 'Forwarded'. Each copy is a normal send, so the dialog closes at once;
 * pending copies show in their conversations and a refusal comes as a toast naming it.
 */
export interface ForwardDialogProps {
  /** The message to forward. */
  message: ConversationMessage;
  onClose: () => void;
}

export function ForwardDialog({ message, onClose }: ForwardDialogProps) {
  const dispatch = useAppDispatch();
  const { groups, friends } = useForwardTargets();
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<ForwardTo[]>([]);
  const q = query.trim().toLocaleLowerCase();
  const matches = (to: ForwardTo) => to.name.toLocaleLowerCase().includes(q);
  const shownGroups = groups.filter(matches);
  const shownFriends = friends.filter(matches);
  const isChosen = (to: ForwardTo) => chosen.some((c) => keyOf(c) === keyOf(to));
  const toggle = (to: ForwardTo) =>
    setChosen((list) =>
      isChosen(to) ? list.filter((c) => keyOf(c) !== keyOf(to)) : [...list, to],
    );
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (chosen.length === 0) return;
    for (const to of chosen) void dispatch(forwardMessage({ message, to }));
    onClose();
  };
  const photo = conversationsStrings.chatImages.photo;
  const caption = message.image?.caption;
  const preview = message.image
    ? caption
      ? `${photo}: ${caption}`
      : photo
    : (message.text.split('\n')[0] ?? '');
  const none = groups.length === 0 && friends.length === 0;

  return (
    <Modal title={strings.title} onClose={onClose}>
      <form onSubmit={submit} className="flex flex-col gap-4">
        <blockquote className="truncate rounded-lg border-l-4 border-slate-300 bg-slate-50 px-3 py-2 text-sm text-slate-700">
          {preview}
        </blockquote>
        <input
          type="search"
          aria-label={strings.search}
          placeholder={strings.search}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          className="w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900 focus:border-brand-400 focus:outline-hidden focus:ring-4 focus:ring-brand-100"
        />
        <div className="max-h-[50vh] overflow-y-auto">
          {none ? <p className="text-sm text-slate-600">{strings.noConversations}</p> : null}
          {!none && shownGroups.length === 0 && shownFriends.length === 0 ? (
            <p className="text-sm text-slate-600">{strings.noMatch}</p>
          ) : null}
          <TargetGroup
            legend={strings.groups}
            targets={shownGroups}
            isChosen={isChosen}
            onToggle={toggle}
          />
          <TargetGroup
            legend={strings.friends}
            targets={shownFriends}
            isChosen={isChosen}
            onToggle={toggle}
          />
        </div>
        <p className="sr-only" aria-live="polite">
          {strings.chosen(chosen.length)}
        </p>
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            {strings.cancel}
          </Button>
          <Button type="submit" disabled={chosen.length === 0} className="whitespace-nowrap">
            {strings.send(chosen.length)}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function TargetGroup({
  legend,
  targets,
  isChosen,
  onToggle,
}: {
  legend: string;
  targets: (ForwardTo & { uid?: string })[];
  isChosen: (to: ForwardTo) => boolean;
  onToggle: (to: ForwardTo) => void;
}) {
  if (targets.length === 0) return null;
  return (
    <fieldset className="mb-3">
      <legend className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">
        {legend}
      </legend>
      <ul className="flex flex-col">
        {targets.map((to) => (
          <li key={keyOf(to)}>
            <label className="flex cursor-pointer items-center gap-3 rounded-lg px-2 py-2 hover:bg-slate-50 has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-brand-100">
              <input
                type="checkbox"
                checked={isChosen(to)}
                onChange={() => onToggle(to)}
                className="h-4 w-4 accent-brand-500"
              />
              {to.uid ? (
                <PersonAvatar uid={to.uid} name={to.name} size="sm" />
              ) : (
                <Avatar name={to.name || '#'} size="sm" />
              )}
              <span className="min-w-0 flex-1 truncate text-slate-900">{to.name}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
