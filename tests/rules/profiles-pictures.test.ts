import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { SERVER_TIME, rulesEnvForFile, userRecord } from './rules-env';
import { allowedPhotos, refusedPhotos } from '../support/photo-cases';

/**
 * Rules of `pictures/{uid}` (one picture per person, a small JPEG/WebP data URL) and of the
 * `picture:` reference in `users/{uid}/photo` that points at it.
 */
const { dbAs, seed, write } = rulesEnvForFile('pictures');

const jpeg = 'data:image/jpeg;base64,/9j/4AAQSkZJRg==';
const webp = 'data:image/webp;base64,UklGRiQAAABXRUJQ';
const picture = (data: unknown = jpeg) => ({ data, updatedAt: SERVER_TIME });
const reference = 'picture:alice:v1';

/** The app's upload: the picture and the reference in one root update. */
const upload = (data: unknown = jpeg, ref = reference) => ({
  'pictures/alice': picture(data),
  'users/alice/photo': ref,
});

const asAlice = (token: Record<string, unknown> = {}) =>
  dbAs('alice', { email: 'alice@example.com', ...token });

beforeEach(() =>
  seed({
    'users/alice': userRecord('Alice'),
    'users/bob': userRecord('Bob'),
  }),
);

describe('pictures/{uid} writes', () => {
  it('let the owner store a JPEG or a WebP with the reference in one update', async () => {
    await assertSucceeds(asAlice().ref().update(upload()));
    await assertSucceeds(asAlice().ref().update(upload(webp, 'picture:alice:v2')));
  });

  it('let the owner write the picture alone, replace it and delete it', async () => {
    await assertSucceeds(asAlice().ref('pictures/alice').set(picture()));
    await assertSucceeds(asAlice().ref('pictures/alice').set(picture(webp)));
    await assertSucceeds(asAlice().ref('pictures/alice').remove());
  });

  it('accept data of exactly 200 000 characters and refuse one more', async () => {
    const prefix = 'data:image/jpeg;base64,';
    await assertSucceeds(
      asAlice()
        .ref('pictures/alice')
        .set(picture(prefix + 'A'.repeat(200_000 - prefix.length))),
    );
    await assertFails(
      asAlice()
        .ref('pictures/alice')
        .set(picture(prefix + 'A'.repeat(200_001 - prefix.length))),
    );
  });

  it('refuse another person, a visitor and an unverified account', async () => {
    await assertFails(write('bob', { 'pictures/alice': picture() }));
    await assertFails(write('bob', upload()));
    await assertFails(write(null, { 'pictures/alice': picture() }));
    await assertFails(asAlice({ email_verified: false }).ref().update(upload()));
    await seed({ 'pictures/alice': { data: jpeg, updatedAt: 1 } });
    await assertFails(write('bob', { 'pictures/alice': null }));
  });

  it.each([
    ['a PNG', { data: 'data:image/png;base64,iVBORw0KGgo=', updatedAt: SERVER_TIME }],
    ['an SVG', { data: 'data:image/svg+xml;base64,PHN2Zz4=', updatedAt: SERVER_TIME }],
    ['a URL', { data: 'https://example.com/a.jpg', updatedAt: SERVER_TIME }],
    ['a prefix in the wrong case', { data: 'DATA:image/jpeg;base64,AAAA', updatedAt: SERVER_TIME }],
    ['data that is not a string', { data: 42, updatedAt: SERVER_TIME }],
    ['a missing data', { updatedAt: SERVER_TIME }],
    ['a missing updatedAt', { data: jpeg }],
    ['an updatedAt of the client clock', { data: jpeg, updatedAt: Date.now() }],
    ['an updatedAt that is a string', { data: jpeg, updatedAt: 'now' }],
    ['an unknown field', { data: jpeg, updatedAt: SERVER_TIME, owner: 'alice' }],
    ['a bare string', jpeg],
  ])('refuse %s', async (_case, value) => {
    await assertFails(asAlice().ref('pictures/alice').set(value));
  });
});

describe('pictures/{uid} reads', () => {
  beforeEach(() => seed({ 'pictures/alice': { data: jpeg, updatedAt: 1 } }));

  it('let any signed-in person read one picture', async () => {
    const snapshot = await assertSucceeds(dbAs('bob').ref('pictures/alice').get());
    expect(snapshot.val()).toEqual({ data: jpeg, updatedAt: 1 });
    await assertSucceeds(dbAs('bob').ref('pictures/alice/data').get());
    await assertSucceeds(asAlice().ref('pictures/alice').get());
  });

  it('refuse visitors, and everyone the whole list', async () => {
    await assertFails(dbAs(null).ref('pictures/alice').get());
    await assertFails(dbAs('bob').ref('pictures').get());
    await assertFails(dbAs('bob').ref('pictures').orderByKey().limitToFirst(1).get());
  });
});

describe('the picture reference in users/{uid}/photo', () => {
  it('accepts the owner’s own reference, the default, nothing and a Google photo', async () => {
    for (const photo of allowedPhotos)
      await assertSucceeds(asAlice().ref('users/alice/photo').set(photo));
  });

  it('refuses any other URL: everyone shown Alice would fetch it (a tracking pixel)', async () => {
    for (const photo of refusedPhotos)
      await assertFails(asAlice().ref('users/alice/photo').set(photo));
  });

  it('refuses a reference to someone else’s picture', async () => {
    await assertFails(asAlice().ref('users/alice/photo').set('picture:bob:v1'));
    await assertFails(asAlice().ref('users/alice/photo').set('picture:alicex:v1'));
    await assertFails(asAlice().ref().update(upload(jpeg, 'picture:bob:v1')));
  });

  it('refuses the whole upload when either half is wrong', async () => {
    await assertFails(asAlice().ref().update(upload('data:image/png;base64,AAAA')));
    await assertFails(
      asAlice()
        .ref()
        .update(upload(jpeg, 'p'.repeat(2049))),
    );
    await assertFails(
      asAlice()
        .ref()
        .update({ ...upload(), 'users/alice/photo': 42 }),
    );
    const stored = await dbAs('bob').ref('users/alice/photo').get();
    expect(stored.val()).toBe(userRecord('Alice').photo);
  });
});
