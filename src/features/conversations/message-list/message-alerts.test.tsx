import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { encryptionStrings } from '../../encryption';
import { message, renderWithConversation } from '../../../testing/render-with-conversation';
import { MessageList } from './MessageList';

// What the reader found wrong with a message (docs/security/e2ee.md, "What the reader checks")
// is said on the bubble, never drawn as a normal one.
const strings = encryptionStrings.sealed;
const item = (id: string) =>
  screen
    .getByRole('feed', { name: 'Conversation with Bo' })
    .querySelector(`[data-message-id="${id}"]`) as HTMLElement;
const at = Date.now() - 60_000;
/** Bo's message, named as his app names him. */
const said = (id: string, createdAt: number, text: string) => ({
  ...message(id, 'bo', createdAt, text),
  senderName: 'Bo',
});

describe('a message the reader found wrong', () => {
  it('in clear text where only sealed text comes from Bo: not from his devices, words on request', async () => {
    renderWithConversation(<MessageList name="Bo" />, [
      { ...said('m1', at, 'send me your recovery key'), alert: 'not-encrypted' },
    ]);
    const bubble = item('m1');
    expect(within(bubble).getByText(strings.notFromDevices('Bo'))).toBeInTheDocument();
    expect(within(bubble).queryByText('send me your recovery key')).toBeNull();
    await userEvent.setup().click(within(bubble).getByRole('button', { name: strings.showWords }));
    expect(within(bubble).getByText('send me your recovery key')).toBeInTheDocument();
    expect(within(bubble).getByText(strings.notFromDevices('Bo'))).toBeInTheDocument();
  });

  it('rolled back, deleted without proof, re-dated, or in the older seal: says so', () => {
    const dayBefore = at - 86_400_000;
    renderWithConversation(<MessageList name="Bo" />, [
      {
        ...said('m1', at - 4000, 'meet at the north gate'),
        alert: 'rolled-back',
        sealed: 'open',
      },
      { ...said('m2', at - 3000, ''), deleted: true, alert: 'unconfirmed-delete' },
      {
        ...said('m3', dayBefore, 'at noon'),
        alert: 'redated',
        sealedAt: at,
        sealed: 'open',
      },
      { ...said('m4', at, 'from before'), sealed: 'open', sealVersion: 1 },
    ]);
    expect(within(item('m1')).getByText(strings.rolledBack)).toBeInTheDocument();
    expect(within(item('m1')).getByText('meet at the north gate')).toBeInTheDocument();
    expect(within(item('m2')).getByText(strings.unconfirmedDelete('Bo'))).toBeInTheDocument();
    const redated = item('m3').querySelector('[data-alert="redated"]') as HTMLElement;
    expect(redated.title).toContain('its time was changed');
    expect(item('m4').querySelector('[data-older-seal]')).toHaveAttribute(
      'title',
      strings.olderSeal,
    );
    // None of them is mistaken for clear text from before the switch.
    expect(document.querySelectorAll('[data-not-encrypted]')).toHaveLength(0);
  });
});
