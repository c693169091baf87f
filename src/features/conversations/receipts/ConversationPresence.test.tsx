import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ReactElement } from 'react';
import type { PresenceStatus } from '../../../lib/firebase/presence/status';
import { createFakeGateways, renderWithProviders, type FakeGateways } from '../../../testing';
import { ConversationPresence } from './ConversationPresence';
import { formatMessageTime } from '../message/message-time';

let fakes: FakeGateways;
beforeEach(() => {
  fakes = createFakeGateways();
});

/** The line alone (no toast container), over the fake presence gateway. */
const render = (ui: ReactElement) => renderWithProviders(ui, { gateways: fakes, toasts: false });

const emit = (status: PresenceStatus | null, uid: string) =>
  act(() => fakes.feeds.statuses.emit(status, uid));

describe('the chat header presence line', () => {
  it('shows nothing while loading, then Online, then when they were last seen', () => {
    const { container } = render(<ConversationPresence uid="bo" />);
    expect(container).toBeEmptyDOMElement();
    expect(fakes.feeds.statuses.keys()).toEqual(['bo']);

    emit({ state: 'online', lastChanged: 1_000 }, 'bo');
    expect(screen.getByText('Online')).toBeInTheDocument();

    const left = Date.now() - 60_000;
    emit({ state: 'offline', lastChanged: left }, 'bo');
    expect(screen.getByText(`Last seen ${formatMessageTime(left)}`)).toBeInTheDocument();
    expect(screen.queryByText('Online')).toBeNull();
  });

  it('says Offline for someone who has never been online', () => {
    render(<ConversationPresence uid="bo" />);
    emit(null, 'bo');
    expect(screen.getByText('Offline')).toBeInTheDocument();
  });

  it("follows the selected friend, never showing the previous friend's status", () => {
    const view = render(<ConversationPresence uid="bo" />);
    emit({ state: 'online', lastChanged: 1_000 }, 'bo');
    view.rerender(<ConversationPresence uid="cy" />);
    expect(fakes.feeds.statuses.keys()).toEqual(['cy']);
    expect(screen.queryByText('Online')).toBeNull();
    emit(null, 'cy');
    expect(screen.getByText('Offline')).toBeInTheDocument();
    view.unmount();
    expect(fakes.feeds.statuses.keys()).toEqual([]);
  });

  it('shows nothing when the status cannot be read', () => {
    const { container } = render(<ConversationPresence uid="bo" />);
    emit({ state: 'online', lastChanged: 1_000 }, 'bo');
    act(() => fakes.feeds.statuses.fail(new Error('permission_denied')));
    expect(container).toBeEmptyDOMElement();
  });
});
