import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { me, renderSignedIn } from '../../testing';
import { PersonName } from './PersonName';
import { useIsDeletedAccount } from './use-display-name';

function Row({ uid, copied }: { uid: string; copied: string }) {
  const deleted = useIsDeletedAccount(uid);
  return (
    <li>
      <PersonName uid={uid} fallback={copied} />
      {deleted ? ' (gone)' : ''}
    </li>
  );
}

function Screen() {
  const [shown, setShown] = useState(true);
  return (
    <>
      <button onClick={() => setShown(false)}>hide</button>
      {shown ? (
        <ul>
          <Row uid="bob" copied="Bobby" />
          <Row uid="bob" copied="Bobby" />
          <Row uid="carol" copied="Carol" />
        </ul>
      ) : null}
    </>
  );
}

const profile = (uid: string, username: string) => ({
  uid,
  username,
  usernameLower: username.toLowerCase(),
  photo: '',
});

describe('PersonName', () => {
  it('shows the copied name while loading, then the live name, then deleted; one listener per uid', () => {
    const { feeds, push } = renderSignedIn(<Screen />);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Bobby',
      'Bobby',
      'Carol',
    ]);
    expect(feeds.profiles.keys().sort()).toEqual(['bob', 'carol']);

    push((v) => feeds.profiles.emit(v, 'bob'), profile('bob', 'Robert'));
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Robert',
      'Robert',
      'Carol',
    ]);

    push((v) => feeds.profiles.emit(v, 'carol'), null);
    expect(screen.getAllByRole('listitem')[2]?.textContent).toBe('Deleted account (gone)');

    act(() => screen.getByRole('button', { name: 'hide' }).click());
    expect(feeds.profiles.keys()).toEqual([]);
  });

  it('shows my own name as others see it', () => {
    const { feeds, push } = renderSignedIn(<PersonName uid={me.uid} fallback="old" />);
    expect(screen.getByText('old')).toBeTruthy();
    push((v) => feeds.profiles.emit(v, me.uid), { ...me, username: 'Mia Renamed' });
    expect(screen.getByText('Mia Renamed')).toBeTruthy();
  });
});
