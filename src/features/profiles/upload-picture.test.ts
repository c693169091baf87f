import { describe, expect, it, vi } from 'vitest';
import { profilesStrings } from './profiles-strings';
import { libStrings } from '../../lib/lib-strings';
import { PictureTooLargeError } from './compress-picture';
import { uploadPicture } from './upload-picture';

const dataUrl = 'data:image/webp;base64,AAAA';

function deps(upload: (uid: string, data: string) => Promise<string>) {
  return {
    api: { uploadProfilePicture: vi.fn(upload) },
    resolver: { prime: vi.fn() },
  };
}

describe('uploadPicture', () => {
  it('uploads, primes the cache and writes the userinfo entry', async () => {
    const d = deps(() => Promise.resolve('picture:me:v1'));
    const result = await uploadPicture(d, 'me', () => Promise.resolve(dataUrl));
    expect(result).toEqual({ ok: true, reference: 'picture:me:v1' });
    expect(d.api.uploadProfilePicture).toHaveBeenCalledWith('me', dataUrl);
    expect(d.resolver.prime).toHaveBeenCalledWith('picture:me:v1', dataUrl);
    expect(JSON.parse(localStorage.getItem('userinfo') ?? 'null')).toEqual({
      uid: 'me',
      photo: 'picture:me:v1',
    });
  });

  it('reports a refused write with its reason and stores nothing', async () => {
    const d = deps(() => Promise.reject(new Error('PERMISSION_DENIED: Permission denied')));
    const result = await uploadPicture(d, 'me', () => Promise.resolve(dataUrl));
    expect(result).toEqual({
      ok: false,
      message: `${profilesStrings.profile.errors.upload}: ${libStrings.home.errors.permissionDenied}`,
    });
    expect(d.resolver.prime).not.toHaveBeenCalled();
    expect(localStorage.getItem('userinfo')).toBeNull();
  });

  it('reports a picture that cannot be made small enough, without writing', async () => {
    const d = deps(() => Promise.resolve('picture:me:v1'));
    const result = await uploadPicture(d, 'me', () => Promise.reject(new PictureTooLargeError()));
    expect(result).toEqual({
      ok: false,
      message: `${profilesStrings.profile.errors.upload}: ${profilesStrings.profile.errors.stillTooLarge}`,
    });
    expect(d.api.uploadProfilePicture).not.toHaveBeenCalled();
  });
});
