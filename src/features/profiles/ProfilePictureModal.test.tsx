import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { componentsStrings } from '../../components/components-strings';
import { profilesStrings } from './profiles-strings';
import { spec } from '../../strings/spec';
import { renderApp, signedIn } from '../../testing';

// The popup is a lazy chunk; its first transform (cropper included) can outlast a test's timeout.
beforeAll(() => import('./ProfilePictureModal'), 30_000);
afterEach(() => vi.clearAllMocks());

async function openPopup() {
  const user = userEvent.setup({ applyAccept: false });
  renderApp('/pages/home', signedIn());
  await user.click(screen.getByRole('button', { name: spec.profile.changePicture }));
  // The lazy chunk has loaded once the file picker is there (a spinner dialog shows until then).
  await screen.findByLabelText(profilesStrings.profile.fileLabel);
  return { user, dialog: screen.getByRole('dialog', { name: spec.profile.changePicture }) };
}

describe('the profile picture popup', () => {
  it('opens from the sidebar picture with a file picker, a preview and a disabled Upload', async () => {
    const { dialog } = await openPopup();
    const picker = within(dialog).getByLabelText(profilesStrings.profile.fileLabel);
    expect(picker).toHaveAttribute('type', 'file');
    expect(picker).toHaveAttribute('accept', 'image/*');
    expect(
      within(dialog).getByRole('group', { name: profilesStrings.profile.cropArea }),
    ).toHaveStyle({
      height: '400px',
    });
    expect(within(dialog).getByText(profilesStrings.profile.preview)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: spec.profile.upload })).toBeDisabled();
  });

  it('refuses a file that is not a picture, and one over 5 MB, with a clear message', async () => {
    const { user, dialog } = await openPopup();
    const picker = within(dialog).getByLabelText(profilesStrings.profile.fileLabel);
    await user.upload(picker, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      profilesStrings.profile.errors.notImage,
    );

    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' });
    await user.upload(picker, big);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      profilesStrings.profile.errors.tooLarge(5),
    );
    expect(within(dialog).getByRole('button', { name: spec.profile.upload })).toBeDisabled();
  });

  it('closes with Escape and with Cancel', async () => {
    const { user } = await openPopup();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: spec.profile.changePicture }));
    await screen.findByLabelText(profilesStrings.profile.fileLabel);
    await user.click(screen.getByRole('button', { name: componentsStrings.home.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
