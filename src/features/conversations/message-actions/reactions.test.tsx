import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { bo, conversationWithBo, said } from '../../../testing/conversation-with-bo';
import { ReactionPopover } from './ReactionPopover';
import { useAppSelector } from '../../../store/hooks';
import { selectLoadedMessage } from '../timeline/conversations-slice';
import { toggleReaction } from './conversations-reactions-thunks';

const chips = () => screen.getByRole('list', { name: 'Reactions' });
const chip = (name: RegExp) => within(chips()).getByRole('button', { name });

const reacted = said('m1', 'bo', 1000, 'see you at 8?', {
  reactions: { '👍': { bo: 10, me: 20 }, '❤️': { bo: 30 } },
});

/** A 'React' button opening the popover for `id`, as the message toolbar does. */
function ReactButton({ id }: { id: string }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <button type="button" onClick={(event) => setAnchor(event.currentTarget)}>
        React
      </button>
      {anchor ? (
        <ReactionPopoverFor id={id} anchor={anchor} onClose={() => setAnchor(null)} />
      ) : null}
    </>
  );
}

function ReactionPopoverFor({
  id,
  ...props
}: {
  id: string;
  anchor: HTMLElement;
  onClose: () => void;
}) {
  const message = useAppSelector((state) => selectLoadedMessage(state, id));
  return message ? <ReactionPopover {...props} message={message} /> : null;
}

describe('reactions', () => {
  it('shows a chip per emoji with its count, mine marked', () => {
    conversationWithBo([reacted]);
    const buttons = within(chips()).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['👍2', '❤️1']);
    expect(chip(/^👍/)).toHaveAccessibleName('👍 2 reactions, including yours');
    expect(chip(/^👍/)).toHaveAttribute('aria-pressed', 'true');
    expect(chip(/^❤️/)).toHaveAccessibleName('❤️ 1 reaction');
    expect(chip(/^❤️/)).toHaveAttribute('aria-pressed', 'false');
  });

  it('a chip toggles my reaction at once and writes it (1:1)', async () => {
    const { api } = conversationWithBo([reacted]);
    const user = userEvent.setup();
    await user.click(chip(/^👍/));
    expect(chip(/^👍/)).toHaveAccessibleName('👍 1 reaction');
    expect(chip(/^👍/)).toHaveAttribute('aria-pressed', 'false');
    expect(api.react).toHaveBeenLastCalledWith(
      expect.objectContaining({ conversationId: bo.id, from: { uid: 'me', name: 'Mia' } }),
      expect.objectContaining({ id: 'm1' }),
      '👍',
      false,
    );
    await user.click(chip(/^❤️/));
    expect(chip(/^❤️/)).toHaveAccessibleName('❤️ 2 reactions, including yours');
    expect(api.react).toHaveBeenLastCalledWith(
      expect.anything(),
      expect.objectContaining({ id: 'm1' }),
      '❤️',
      true,
    );
    expect(api.react).toHaveBeenCalledTimes(2);
  });

  it('a refused reaction is taken back with a clear toast', async () => {
    const { api } = conversationWithBo([reacted]);
    api.react.mockRejectedValueOnce(new Error('PERMISSION_DENIED: Permission denied'));
    await userEvent.setup().click(chip(/^❤️/));
    expect(await screen.findByText(/^Could not react: /)).toBeInTheDocument();
    expect(chip(/^❤️/)).toHaveAccessibleName('❤️ 1 reaction');
    expect(chip(/^❤️/)).toHaveAttribute('aria-pressed', 'false');
  });

  it('hovering or focusing a chip lists who reacted, names read live', () => {
    const { feeds } = conversationWithBo([reacted]);
    fireEvent.mouseEnter(chip(/^👍/));
    const tip = screen.getByRole('tooltip');
    expect(tip).toHaveTextContent('You, Bo');
    expect(chip(/^👍/)).toHaveAccessibleDescription('You, Bo');
    act(() =>
      feeds.profiles.emit(
        { uid: 'bo', username: 'Boris', usernameLower: 'boris', photo: '' },
        'bo',
      ),
    );
    expect(screen.getByRole('tooltip')).toHaveTextContent('You, Boris');
    fireEvent.mouseLeave(chip(/^👍/));
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => chip(/^❤️/).focus());
    expect(screen.getByRole('tooltip')).toHaveTextContent(/^Boris$/);
  });

  it('the popover offers six quick emoji and more; a pick reacts and closes it', async () => {
    const app = conversationWithBo(
      [said('m1', 'bo', 1000, 'hi', { reactions: { '😂': { me: 5 } } })],
      {
        extra: <ReactButton id="m1" />,
      },
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'React' }));
    const popover = screen.getByRole('dialog', { name: 'Reactions' });
    const quick = within(popover).getAllByRole('button');
    expect(quick.map((b) => b.getAttribute('aria-label'))).toEqual([
      'React with 👍',
      'React with ❤️',
      'React with 😂',
      'React with 😮',
      'React with 😢',
      'React with 🙏',
      'More emoji',
    ]);
    expect(within(popover).getByRole('button', { name: 'React with 😂' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(quick[0]).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(quick[2]).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'React' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'React' }));
    await user.click(screen.getByRole('button', { name: 'React with 🙏' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(app.api.react).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ id: 'm1' }),
      '🙏',
      true,
    );
    expect(chip(/^🙏/)).toHaveAttribute('aria-pressed', 'true');
  });

  it('a reaction made offline shows at once and stays until the write is delivered', async () => {
    const { api, store } = conversationWithBo([said('m1', 'bo', 1000, 'hi')]);
    let deliver = () => {};
    api.react.mockImplementationOnce(
      () =>
        new Promise<void>((resolve) => {
          deliver = resolve;
        }),
    );
    // No chips yet: the message has no reaction.
    expect(screen.queryByRole('list', { name: 'Reactions' })).toBeNull();
    const done = store.dispatch(toggleReaction({ messageId: 'm1', emoji: '👍' }));
    await waitFor(() => expect(chip(/^👍/)).toHaveAttribute('aria-pressed', 'true'));
    act(() => deliver());
    await done;
    expect(chip(/^👍/)).toHaveAttribute('aria-pressed', 'true');
    expect(api.react).toHaveBeenCalledTimes(1);
  });
});
