import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { encryptionStrings } from './encryption-strings';
import { NoticeBar } from './NoticeBar';

/** jsdom lays nothing out: the line's words are made wider than the line, or not. */
function lineWidth(scroll: number, client: number) {
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(scroll);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(client);
}

const bar = () => (
  <NoticeBar label="A notice" tone="amber" lead="Key not saved." detail="Why it matters.">
    <button type="button">Act</button>
  </NoticeBar>
);

afterEach(() => vi.restoreAllMocks());

describe('NoticeBar (encryption notices on one line)', () => {
  it('offers no chevron when the words fit', () => {
    lineWidth(300, 300);
    render(bar());
    expect(screen.getByRole('region', { name: 'A notice' })).toHaveTextContent(
      'Key not saved. Why it matters.',
    );
    expect(screen.queryByRole('button', { name: encryptionStrings.moreDetail })).toBeNull();
    expect(screen.getByRole('button', { name: 'Act' })).toBeInTheDocument();
  });

  it('cuts words that do not fit, and the chevron shows them whole and cuts them again', async () => {
    lineWidth(900, 300);
    const user = userEvent.setup();
    render(bar());
    const text = screen.getByText('Why it matters.').closest('p');
    expect(text).toHaveClass('truncate');
    expect(text).toHaveAttribute('title', 'Key not saved. Why it matters.');
    const more = screen.getByRole('button', { name: encryptionStrings.moreDetail });
    expect(more).toHaveAttribute('aria-expanded', 'false');

    await user.click(more);
    expect(text).not.toHaveClass('truncate');
    const less = screen.getByRole('button', { name: encryptionStrings.lessDetail });
    expect(less).toHaveAttribute('aria-expanded', 'true');

    await user.click(less);
    expect(text).toHaveClass('truncate');
  });
});
