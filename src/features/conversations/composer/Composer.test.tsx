import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UnknownAction } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import { Composer } from './Composer';
import { renderWithConversation } from '../../../testing/render-with-conversation';

const field = () => screen.getByRole('textbox', { name: 'Message' });
const sendButton = () => screen.getByRole('button', { name: 'Send' });
const sends = (actions: UnknownAction[]) =>
  actions.flatMap((a) =>
    a.type === 'conversations/sendMessage/pending'
      ? [(a as UnknownAction & { meta: { arg: string } }).meta.arg]
      : [],
  );

describe('Composer', () => {
  it('starts a new line on Shift+Enter and sends the lines on Enter', async () => {
    const { actions } = renderWithConversation(<Composer disabled={false} />);
    const user = userEvent.setup();
    await user.click(field());
    await user.keyboard('line one{Shift>}{Enter}{/Shift}line two');
    expect(field()).toHaveValue('line one\nline two');
    expect(sends(actions)).toEqual([]);
    await user.keyboard('{Enter}');
    expect(sends(actions)).toEqual(['line one\nline two']);
  });

  it('counts near the limit and blocks an over-long paste with how much is over, uncut', async () => {
    const { actions } = renderWithConversation(<Composer disabled={false} />);
    fireEvent.change(field(), { target: { value: 'a'.repeat(3600) } });
    expect(screen.getByText('3,600 / 4,000')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(sendButton()).toBeEnabled();

    const user = userEvent.setup();
    await user.click(field());
    await user.paste('b'.repeat(1400));
    expect((field() as HTMLTextAreaElement).value).toHaveLength(5000);
    expect(screen.getByRole('alert')).toHaveTextContent(
      '1,000 characters over the 4,000-character limit. Shorten the message to send it.',
    );
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    expect(sendButton()).toBeDisabled();
    await user.keyboard('{Enter}');
    fireEvent.submit(field());
    expect(sends(actions)).toEqual([]);
    expect((field() as HTMLTextAreaElement).value).toHaveLength(5000);

    fireEvent.change(field(), { target: { value: 'short' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/\/ 4,000/)).toBeNull();
  });

  it('sends nothing while disabled', async () => {
    const { actions } = renderWithConversation(<Composer disabled />);
    expect(field()).toBeDisabled();
    fireEvent.submit(field());
    await Promise.resolve();
    expect(sends(actions)).toEqual([]);
  });
});
