import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Toasts } from './Toasts';
import { toast, type ToastItem } from './toast';

describe('toasts loaded with the first one', () => {
  it('shows toasts made before react-toastify loaded, in order, with their ids', async () => {
    const first = toast.error('First failure');
    const second = toast.success('Then success', { toastId: 'mine' });
    expect(first).toMatch(/^toast-/);
    expect(second).toBe('mine');
    const added: string[] = [];
    const stop = toast.onChange((item: ToastItem) => {
      if (item.status === 'added' && typeof item.content === 'string') added.push(item.content);
    });
    const view = render(<Toasts />);
    expect(await screen.findByText('First failure')).toBeInTheDocument();
    expect(await screen.findByText('Then success')).toBeInTheDocument();
    await waitFor(() => expect(added).toEqual(['First failure', 'Then success']));
    act(() => toast.dismiss('mine'));
    // jsdom runs no exit animation: the toast stays, marked as leaving.
    await waitFor(() =>
      expect(document.getElementById('mine')).toHaveAttribute('data-in', 'false'),
    );
    stop();
    view.unmount();
  });

  it('drops a toast dismissed before it could show', async () => {
    const id = toast.info('Never shown');
    toast.dismiss(id);
    toast.info('Shown');
    render(<Toasts />);
    expect(await screen.findByText('Shown')).toBeInTheDocument();
    expect(screen.queryByText('Never shown')).not.toBeInTheDocument();
  });

  it('shows one toast per notice key, its text updated in place', async () => {
    render(<Toasts />);
    toast.notice('d:ulla', '28 new messages from Ulla');
    expect(await screen.findByText('28 new messages from Ulla')).toBeInTheDocument();
    for (let n = 29; n <= 32; n += 1) toast.notice('d:ulla', `${String(n)} new messages from Ulla`);
    expect(await screen.findByText('32 new messages from Ulla')).toBeInTheDocument();
    expect(document.querySelectorAll('.Toastify__toast')).toHaveLength(1);
  });

  it('shows three at most; a toast that answers the person closes the oldest notice and goes first', async () => {
    render(<Toasts />);
    for (const who of ['Ann', 'Bo', 'Cy', 'Di']) toast.notice(`d:${who}`, `From ${who}`);
    await screen.findByText('From Cy');
    const toasts = () => [...document.querySelectorAll('.Toastify__toast')];
    expect(toasts().map((t) => t.textContent)).toEqual(['From Ann', 'From Bo', 'From Cy']);
    act(() => void toast.error('Login failed'));
    const ann = screen.getByText('From Ann').closest('.Toastify__toast') as HTMLElement;
    await waitFor(() => expect(ann).toHaveAttribute('data-in', 'false'));
    expect(screen.queryByText('Login failed')).not.toBeInTheDocument();
    // jsdom runs no animation: the exit's end is announced by hand; then its place is free.
    fireEvent.animationEnd(ann);
    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    expect(toasts().map((t) => t.textContent)).toEqual(['From Bo', 'From Cy', 'Login failed']);
    expect(screen.queryByText('From Di')).not.toBeInTheDocument();
  });

  it('does not pause a notice under the pointer, and closes it on a click', async () => {
    const user = userEvent.setup();
    render(<Toasts />);
    toast.notice('feed:1', 'Bob sent you a friend request');
    toast.error('Could not save');
    const notice = (await screen.findByText('Bob sent you a friend request')).closest(
      '.Toastify__toast',
    ) as HTMLElement;
    const answer = (await screen.findByText('Could not save')).closest(
      '.Toastify__toast',
    ) as HTMLElement;
    const running = (el: HTMLElement) =>
      (el.querySelector('[role="progressbar"]') as HTMLElement).style.animationPlayState;
    // Their timers start as they have bounced in (jsdom runs no animation: said by hand).
    fireEvent.animationEnd(notice);
    fireEvent.animationEnd(answer);
    expect([running(notice), running(answer)]).toEqual(['running', 'running']);
    await user.hover(notice);
    expect(running(notice)).toBe('running');
    await user.hover(answer);
    expect(running(answer)).toBe('paused');
    await user.click(answer);
    await user.click(notice);
    expect(answer).toHaveAttribute('data-in', 'true');
    expect(notice).toHaveAttribute('data-in', 'false');
  });

  it('renders nothing while no toast was asked for', () => {
    const { container } = render(<Toasts />);
    expect(container).toBeEmptyDOMElement();
  });
});
