import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Toasts } from './Toasts';
import { toast, toastsWaiting, type ToastItem } from './toast';

describe('toasts loaded with the first one', () => {
  it('shows toasts made before react-toastify loaded, in order, with their ids', async () => {
    const first = toast.error('First failure');
    const second = toast.success('Then success', { toastId: 'mine' });
    expect(first).toMatch(/^toast-/);
    expect(second).toBe('mine');
    expect(toastsWaiting()).toBe(true);
    const added: string[] = [];
    const stop = toast.onChange((item: ToastItem) => {
      if (item.status === 'added' && typeof item.content === 'string') added.push(item.content);
    });
    const view = render(<Toasts />);
    expect(await screen.findByText('First failure')).toBeInTheDocument();
    expect(await screen.findByText('Then success')).toBeInTheDocument();
    expect(toastsWaiting()).toBe(false);
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
    expect(toastsWaiting()).toBe(false);
    toast.info('Shown');
    render(<Toasts />);
    expect(await screen.findByText('Shown')).toBeInTheDocument();
    expect(screen.queryByText('Never shown')).not.toBeInTheDocument();
  });

  it('renders nothing while no toast was asked for', () => {
    const { container } = render(<Toasts />);
    expect(container).toBeEmptyDOMElement();
  });
});
