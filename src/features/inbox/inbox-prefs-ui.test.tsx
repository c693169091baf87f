import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { friendshipWith, inboxEntryAt, row, inboxPageEachTest } from '../../testing';
import type { InboxPrefs } from '../../lib/firebase/inbox/prefs-record';
import type { Drafts } from '../../lib/firebase/conversations/drafts';

const bo = friendshipWith('bo', 'Bo');
const cy = friendshipWith('cy', 'Cy');
const dee = friendshipWith('dee', 'Dee');
const now = Date.now();
const entry = inboxEntryAt(now);
const page = inboxPageEachTest([bo, cy, dee]);
const { start, emit, inbox, names } = page;
const prefs = (value: InboxPrefs) => emit(() => page.fakes.attentionFeeds.inboxPrefs.emit(value));
const drafts = (value: Drafts) => emit(() => page.fakes.attentionFeeds.drafts.emit(value));
const menuOf = (name: string) =>
  within(row('Friend List', name)).getByRole('button', { name: `More actions for ${name}` });

describe('mute, archive, pin and drafts in the conversation list', () => {
  it('mutes from the row menu; a muted row is marked, grey and left out of the totals', () => {
    const icon = Object.assign(document.createElement('link'), {
      rel: 'icon',
      href: '/favicon.svg',
    });
    document.head.append(icon);
    start();
    inbox({
      'd:rel-bo': entry('rel-bo', { unread: 2, lastAt: now - 5000 }),
      'd:rel-cy': entry('rel-cy', { unread: 1, lastAt: now - 1000 }),
    });
    fireEvent.click(menuOf('Bo'));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Mute · For 8 hours' }));
    expect(page.fakes.inboxPrefs.setMute).toHaveBeenCalledWith(
      'me',
      'd:rel-bo',
      expect.any(Number),
    );
    const until = page.fakes.inboxPrefs.setMute.mock.calls[0]?.[2] as number;
    expect(until - Date.now()).toBeGreaterThan(8 * 3600_000 - 60_000);

    prefs({ byKey: { 'd:rel-bo': { mutedUntil: 'always', archivedAt: null } }, pins: [] });
    expect(within(row('Friend List', 'Bo')).getByText('Muted')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByText('1 unread message')).toBeInTheDocument();
    expect(document.title).toBe('(1) Chatty');
    expect(document.querySelector('link[rel="icon"]')?.getAttribute('href')).toMatch(
      /^data:image\/svg\+xml,.*%3E1%3C/,
    );
    fireEvent.click(menuOf('Bo'));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Unmute' }));
    expect(page.fakes.inboxPrefs.setMute).toHaveBeenLastCalledWith('me', 'd:rel-bo', null);
    icon.remove();
  });

  it('lists pins first in pin order and archived rows apart, until a newer message', () => {
    start();
    inbox({
      'd:rel-bo': entry('rel-bo', { lastAt: now - 5000 }),
      'd:rel-cy': entry('rel-cy', { lastAt: now - 1000 }),
      'd:rel-dee': entry('rel-dee', { lastAt: now - 3000 }),
    });
    expect(names()).toEqual(['Cy', 'Dee', 'Bo']);
    prefs({
      byKey: { 'd:rel-cy': { mutedUntil: null, archivedAt: now } },
      pins: ['d:rel-bo'],
    });
    expect(names()).toEqual(['Bo', 'Dee', null, 'Cy']);
    expect(screen.getByRole('heading', { name: 'Archived' })).toBeInTheDocument();
    fireEvent.click(menuOf('Dee'));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Pin' }));
    expect(page.fakes.inboxPrefs.setPins).toHaveBeenCalledWith('me', ['d:rel-bo', 'd:rel-dee']);
    // Cy writes again: back among the others.
    inbox({
      'd:rel-bo': entry('rel-bo', { lastAt: now - 5000 }),
      'd:rel-cy': entry('rel-cy', { lastAt: now + 1000 }),
      'd:rel-dee': entry('rel-dee', { lastAt: now - 3000 }),
    });
    expect(names()).toEqual(['Bo', 'Cy', 'Dee']);
  });

  it("shows 'Draft: …' on the row and puts the draft back in the composer on opening", async () => {
    start();
    inbox({ 'd:rel-bo': entry('rel-bo', { lastText: 'Hi' }) });
    drafts({ 'd:rel-bo': { text: 'Half a thought' } });
    expect(within(row('Friend List', 'Bo')).getByText('Draft: Half a thought')).toBeInTheDocument();
    fireEvent.click(within(row('Friend List', 'Bo')).getByRole('button', { name: 'Bo' }));
    const field = await screen.findByRole('textbox', { name: 'Message' });
    await vi.waitFor(() => expect(field).toHaveValue('Half a thought'));
    fireEvent.change(field, { target: { value: 'Half a thought, finished' } });
    await vi.waitFor(() =>
      expect(page.fakes.drafts.save).toHaveBeenCalledWith('me', 'd:rel-bo', {
        text: 'Half a thought, finished',
      }),
    );
    fireEvent.change(field, { target: { value: '' } });
    await vi.waitFor(
      () => expect(page.fakes.drafts.remove).toHaveBeenCalledWith('me', 'd:rel-bo'),
      {
        timeout: 2500,
      },
    );
  });

  it('writes the draft still waiting for its second when the page is hidden or left', async () => {
    start();
    inbox({ 'd:rel-bo': entry('rel-bo', { lastText: 'Hi' }) });
    drafts({});
    fireEvent.click(within(row('Friend List', 'Bo')).getByRole('button', { name: 'Bo' }));
    const field = await screen.findByRole('textbox', { name: 'Message' });
    fireEvent.change(field, { target: { value: 'On my' } });
    await vi.waitFor(() =>
      expect(page.fakes.drafts.save).toHaveBeenCalledWith('me', 'd:rel-bo', { text: 'On my' }),
    );
    // Within the second after a write, the next state waits; leaving the page writes it.
    fireEvent.change(field, { target: { value: 'On my way' } });
    expect(page.fakes.drafts.save).not.toHaveBeenCalledWith('me', 'd:rel-bo', {
      text: 'On my way',
    });
    window.dispatchEvent(new Event('pagehide'));
    await vi.waitFor(
      () =>
        expect(page.fakes.drafts.save).toHaveBeenCalledWith('me', 'd:rel-bo', {
          text: 'On my way',
        }),
      { timeout: 400 },
    );
  });
});
