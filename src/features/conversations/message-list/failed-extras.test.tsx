import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { asSentMessage } from '../../../lib/firebase/inbox/entry';
import { deferred } from '../../../testing';
import { bo, conversationWithBo, said } from '../../../testing/conversation-with-bo';
import { forwardMessage } from '../message-actions/conversations-forward-thunks';

// A reply or a forward that is pending, then refused, keeps its quote or forward
// mark, and Retry sends it again with them, under its own id.
const parties = {
  conversationId: bo.id,
  from: { uid: 'me', name: 'Mia' },
  to: { uid: 'bo', name: 'Bo' },
};
const refused = () => Promise.reject(new Error('PERMISSION_DENIED'));
const failedList = () => screen.findByRole('list', { name: 'Messages not sent' });

describe('a failed reply or forward', () => {
  it('keeps the quote while pending and when refused; Retry sends it with the quote', async () => {
    const answer = deferred<undefined>();
    const app = conversationWithBo([said('m1', 'bo', Date.now() - 60_000, 'see you at 8?')]);
    try {
      app.api.send.mockReturnValueOnce(asSentMessage('m9', answer.promise));
      const user = userEvent.setup();
      fireEvent.mouseEnter(
        screen.getByText('see you at 8?').closest('[data-message-id]') as Element,
      );
      await user.click(screen.getByRole('button', { name: 'Reply' }));
      await user.keyboard('yes, at 8{Enter}');
      await waitFor(() => expect(app.api.send).toHaveBeenCalledOnce());
      expect(app.store.getState().conversationSending.outgoing).toEqual([
        {
          id: 'm9',
          key: `d:${bo.id}`,
          text: 'yes, at 8',
          extras: { replyTo: 'm1' },
          state: 'pending',
        },
      ]);

      await act(async () => {
        answer.reject(new Error('PERMISSION_DENIED'));
        await answer.promise.catch(() => undefined);
      });
      const failed = await failedList();
      expect(app.store.getState().conversationSending.outgoing[0]).toMatchObject({
        state: 'failed',
        extras: { replyTo: 'm1' },
      });
      fireEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
      await waitFor(() => expect(app.api.send).toHaveBeenCalledTimes(2));
      expect(app.api.send).toHaveBeenLastCalledWith(parties, 'yes, at 8', 'm9', { replyTo: 'm1' });
    } finally {
      app.stop();
    }
  });

  it('Retry of a refused forward sends it again marked forwarded; a plain one stays plain', async () => {
    const app = conversationWithBo([]);
    try {
      app.api.send.mockImplementationOnce(() => asSentMessage('m7', refused()));
      const message = said('m1', 'bo', Date.now() - 60_000, 'the map');
      await act(async () => {
        await app.store.dispatch(
          forwardMessage({ message, to: { kind: 'direct', id: bo.id, name: 'Bo' } }),
        );
      });
      fireEvent.click(within(await failedList()).getByRole('button', { name: 'Retry' }));
      await waitFor(() => expect(app.api.send).toHaveBeenCalledTimes(2));
      expect(app.api.send).toHaveBeenLastCalledWith(parties, 'the map', 'm7', { forwarded: true });

      app.api.send.mockImplementationOnce(() => asSentMessage('m8', refused()));
      const user = userEvent.setup();
      await user.click(screen.getByRole('textbox', { name: 'Message' }));
      await user.keyboard('plain{Enter}');
      fireEvent.click(within(await failedList()).getByRole('button', { name: 'Retry' }));
      await waitFor(() => expect(app.api.send).toHaveBeenCalledTimes(4));
      expect(app.api.send).toHaveBeenLastCalledWith(parties, 'plain', 'm8');
    } finally {
      app.stop();
    }
  });
});
