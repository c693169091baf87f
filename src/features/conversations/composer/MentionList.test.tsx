import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UnknownAction } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import { Composer } from './Composer';
import { renderWithConversation } from '../../../testing/render-with-conversation';

const people = [
  { uid: 'c', name: 'Carol Diaz' },
  { uid: 'k', name: 'Cara' },
  { uid: 'b', name: 'Bob' },
];
const field = () => screen.getByRole('textbox', { name: 'Message' });
const list = () => screen.queryByRole('listbox', { name: 'Mention someone' });
const options = () => within(list() ?? document.body).queryAllByRole('option');
// Each option's last part is the name (the avatar's initials come first, hidden from readers).
const shownNames = () => options().map((o) => o.lastElementChild?.textContent);
const sends = (actions: UnknownAction[]) =>
  actions.flatMap((a) =>
    a.type === 'conversations/sendMessage/pending'
      ? [(a as UnknownAction & { meta: { arg: unknown } }).meta.arg]
      : [],
  );

function setup() {
  const result = renderWithConversation(<Composer disabled={false} mentionable={people} />);
  return { ...result, user: userEvent.setup() };
}

describe('Composer mentions', () => {
  it("lists the group's people on '@', filters as I type, and picks with the keyboard", async () => {
    const { user, actions } = setup();
    await user.click(field());
    await user.keyboard('hi @');
    expect(shownNames()).toEqual(['Bob', 'Cara', 'Carol Diaz']);
    expect(field()).toHaveAttribute('aria-controls', list()?.id);
    await user.keyboard('ca');
    expect(shownNames()).toEqual(['Cara', 'Carol Diaz']);
    expect(options()[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(options()[1]).toHaveAttribute('aria-selected', 'true');
    expect(field()).toHaveAttribute('aria-activedescendant', options()[1]?.id);
    await user.keyboard('{Enter}');
    expect(field()).toHaveValue('hi @Carol Diaz ');
    expect(list()).toBeNull();
    expect(sends(actions)).toEqual([]);

    await user.keyboard('see this{Enter}');
    expect(sends(actions)).toEqual([{ text: 'hi @Carol Diaz see this', mentions: ['c'] }]);
  });

  it('picks with the mouse, and a name erased before the send is not mentioned', async () => {
    const { user, actions } = setup();
    await user.click(field());
    await user.keyboard('@bo');
    await user.click(screen.getByRole('option', { name: 'Bob' }));
    expect(field()).toHaveValue('@Bob ');
    expect(field()).toHaveFocus();
    await user.keyboard('and @');
    await user.click(screen.getByRole('option', { name: 'Cara' }));
    expect(field()).toHaveValue('@Bob and @Cara ');
    // Erase 'Cara ' and the '@' before it: only Bob is still named.
    await user.keyboard('{Backspace>6/}{Enter}');
    expect(sends(actions)).toEqual([{ text: '@Bob and ', mentions: ['b'] }]);
  });

  it('closes on Escape, and an @ of someone not in the group is plain text', async () => {
    const { user, actions } = setup();
    await user.click(field());
    await user.keyboard('@');
    expect(list()).not.toBeNull();
    await user.keyboard('{Escape}');
    expect(list()).toBeNull();
    await user.keyboard('Zed');
    expect(list()).toBeNull();
    await user.keyboard('{Enter}');
    expect(sends(actions)).toEqual(['@Zed']);
  });

  it('has no list in a 1:1 chat', async () => {
    const { actions } = renderWithConversation(<Composer disabled={false} />);
    const user = userEvent.setup();
    await user.click(field());
    await user.keyboard('@');
    expect(list()).toBeNull();
    expect(field()).not.toHaveAttribute('aria-controls');
    await user.keyboard('Bob{Enter}');
    expect(sends(actions)).toEqual(['@Bob']);
  });
});
