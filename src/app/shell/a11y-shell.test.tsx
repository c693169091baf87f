import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { documentTitle, useTitleCount } from '../../components/document-title';
import { authStrings } from '../../features/auth/auth-strings';
import { shellStrings } from './shell-strings';
import { renderApp, signedIn, signedOut } from '../../testing';

afterEach(() => vi.resetAllMocks());

describe('screen titles and headings', () => {
  it.each([
    ['/pages/home', shellStrings.a11y.titles.home],
    ['/pages/messages', shellStrings.a11y.titles.messages],
  ])('%s names itself in the tab and in its one h1', async (path, title) => {
    renderApp(path, signedIn());
    await waitFor(() => expect(document.title).toBe(`${title} · Chatty`));
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(title);
  });

  it.each([
    ['/login', authStrings.a11y.titles.login],
    ['/', authStrings.a11y.titles.register],
  ])('%s has its own tab title', async (path, title) => {
    renderApp(path, signedOut());
    await waitFor(() => expect(document.title).toBe(`${title} · Chatty`));
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('prefixes counts, adding up callers and dropping a count with its caller', async () => {
    expect(documentTitle('Messages', 0)).toBe('Messages · Chatty');
    expect(documentTitle('Messages', 3)).toBe('(3) Messages · Chatty');
    function Count({ n }: { n: number }) {
      useTitleCount(n);
      return null;
    }
    renderApp('/pages/messages', signedIn());
    const counter = render(
      <>
        <Count n={2} />
        <Count n={1} />
      </>,
    );
    await waitFor(() =>
      expect(document.title).toBe(`(3) ${shellStrings.a11y.titles.messages} · Chatty`),
    );
    counter.unmount();
    expect(document.title).toBe(`${shellStrings.a11y.titles.messages} · Chatty`);
  });
});

describe('skip link', () => {
  it('is the first stop of the keyboard and moves focus to the main content', async () => {
    const user = userEvent.setup();
    renderApp('/pages/home', signedIn());
    await user.tab();
    const skip = screen.getByRole('link', { name: shellStrings.a11y.skipToContent });
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute('href', '#main-content');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
  });
});
