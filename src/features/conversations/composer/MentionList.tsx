import { mentionOptionId, type Mentionable } from './mention-picker';
import { conversationsStrings } from '../conversations-strings';
import { PersonAvatar } from '../../profiles';

interface Props {
  id: string;
  people: readonly Mentionable[];
  active: number;
  onPick: (person: Mentionable) => void;
  onHover: (index: number) => void;
}

/**
 * The group's people matching the '@' being typed, above the composer. Focus stays in the
 * field (it owns the keys, as a combobox); a click picks without taking focus away.
 */
export function MentionList({ id, people, active, onPick, onHover }: Props) {
  return (
    <ul
      id={id}
      role="listbox"
      aria-label={conversationsStrings.mentions.listLabel}
      className="absolute bottom-full left-5 z-20 mb-2 max-h-60 w-72 max-w-[calc(100%-2.5rem)] overflow-y-auto rounded-xl bg-white py-1 shadow-lg ring-1 ring-slate-200"
    >
      {people.map((person, i) => (
        <li
          key={person.uid}
          id={mentionOptionId(id, i)}
          role="option"
          aria-selected={i === active}
          onMouseDown={(event) => {
            // Keep the caret in the field.
            event.preventDefault();
            onPick(person);
          }}
          onMouseMove={() => onHover(i)}
          className={`flex cursor-pointer items-center gap-2 px-3 py-2 text-sm ${
            i === active ? 'bg-brand-50 text-brand-900' : 'text-slate-800'
          }`}
        >
          <span aria-hidden className="contents">
            <PersonAvatar uid={person.uid} name={person.name} size="sm" />
          </span>
          <span className="truncate font-medium">{person.name}</span>
        </li>
      ))}
    </ul>
  );
}
