import { describe, expect, it } from 'vitest';
import { makePicturesApi, parsePictureReference } from '../../src/lib/firebase/profiles/pictures';
import { adminGet } from '../support/backend';
import { cleanBackendPerTest } from './app-clients';

const { signUp } = cleanBackendPerTest();

/** A small JPEG data URL (the bytes need not decode: the database stores a string). */
const jpeg = `data:image/jpeg;base64,${Buffer.from('a cropped avatar').toString('base64')}`;

describe('profile pictures between two signed-in people', () => {
  it('Alice uploads; Bob reads her reference and her picture', async () => {
    const alice = await signUp('Alice');
    const bob = await signUp('Bob');
    const alicePictures = makePicturesApi(alice.client.db);
    const bobPictures = makePicturesApi(bob.client.db);

    const reference = await alicePictures.uploadProfilePicture(alice.uid, jpeg);
    expect(parsePictureReference(reference)).toMatchObject({ uid: alice.uid });

    const profile = await bob.directory.getUser(alice.uid);
    expect(profile?.photo).toBe(reference);
    expect(await bobPictures.getPicture(alice.uid)).toBe(jpeg);
    expect(await bobPictures.getPicture(bob.uid)).toBeNull();

    // The server stamped the time, and the record holds nothing but the picture and the time.
    const stored = (await adminGet(`pictures/${alice.uid}`)) as Record<string, unknown>;
    expect(Object.keys(stored).sort()).toEqual(['data', 'updatedAt']);
    expect(stored.updatedAt).toEqual(expect.any(Number));
  });

  it('a second upload gets a new reference, so caches never show the old picture', async () => {
    const alice = await signUp('Alice');
    const pictures = makePicturesApi(alice.client.db);
    const first = await pictures.uploadProfilePicture(alice.uid, jpeg);
    const webp = 'data:image/webp;base64,UklGRiQAAABXRUJQ';
    const second = await pictures.uploadProfilePicture(alice.uid, webp);
    expect(second).not.toBe(first);
    expect(await pictures.getPicture(alice.uid)).toBe(webp);
  });

  it('Bob cannot replace Alice’s picture, and nothing of his write lands', async () => {
    const alice = await signUp('Alice');
    const bob = await signUp('Bob');
    await makePicturesApi(alice.client.db).uploadProfilePicture(alice.uid, jpeg);
    await expect(
      makePicturesApi(bob.client.db).uploadProfilePicture(alice.uid, `${jpeg}AAAA`),
    ).rejects.toThrow(/permission/i);
    expect(await makePicturesApi(bob.client.db).getPicture(alice.uid)).toBe(jpeg);
  });

  it('refuses a PNG before it reaches the database', async () => {
    const alice = await signUp('Alice');
    await expect(
      makePicturesApi(alice.client.db).uploadProfilePicture(alice.uid, 'data:image/png;base64,AA'),
    ).rejects.toThrow(/JPEG or WebP/);
    expect(await adminGet(`pictures/${alice.uid}`)).toBeNull();
  });
});
