import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RowMenu } from './RowMenu';

function setup() {
  const block = vi.fn();
  const mute = vi.fn();
  render(
    <main>
      <RowMenu
        label="More actions for Ben"
        items={[
          { label: 'Mute', onSelect: mute },
          { label: 'Block', onSelect: block, danger: true },
        ]}
      />
    </main>,
  );
  const button = screen.getByRole('button', { name: 'More actions for Ben' });
  return { block, mute, button };
}

describe("a row's '⋯' menu", () => {
  it('opens with the arrows, moves and wraps with them, closes with Escape back on the button', () => {
    const { button } = setup();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menu', { name: 'More actions for Ben' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Mute' })).toHaveFocus();
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(screen.getByRole('menuitem', { name: 'Block' })).toHaveFocus();
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(screen.getByRole('menuitem', { name: 'Mute' })).toHaveFocus();
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(screen.getByRole('menuitem', { name: 'Block' })).toHaveFocus();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    fireEvent.keyDown(button, { key: 'ArrowUp' });
    expect(screen.getByRole('menuitem', { name: 'Block' })).toHaveFocus();
    fireEvent.keyDown(document.activeElement!, { key: 'Tab' });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('runs the chosen item once, after focus is back on the button; a click outside closes', () => {
    const { block, mute, button } = setup();
    fireEvent.click(button);
    fireEvent.pointerDown(document.body);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    fireEvent.click(button);
    block.mockImplementation(() => expect(button).toHaveFocus());
    fireEvent.click(screen.getByRole('menuitem', { name: 'Block' }));
    expect(block).toHaveBeenCalledTimes(1);
    expect(mute).not.toHaveBeenCalled();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
