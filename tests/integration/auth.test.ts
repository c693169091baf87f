import { deleteApp, setLogLevel } from 'firebase/app';
import { goOffline } from 'firebase/database';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeAuthApi, type AuthApi, type SessionUser } from '../../src/lib/firebase/auth/gateway';
import { DEFAULT_PHOTO } from '../../src/lib/firebase/profiles/record';
import { makeUsersApi } from '../../src/lib/firebase/profiles/gateway';
import {
  adminGet,
  adminSet,
  connectClient,
  createTestUser,
  getOobCodes,
  resetBackend,
} from '../support/backend';

/** The account gateway against the Auth emulator (e-mail enumeration protection on). */
setLogLevel('error');

const password = 'Secret123';
let clients: Array<ReturnType<typeof connectClient>> = [];

function newApi(): { api: AuthApi; client: ReturnType<typeof connectClient> } {
  const client = connectClient();
  clients.push(client);
  return { api: makeAuthApi(client.auth, () => Promise.resolve(makeUsersApi(client.db))), client };
}

/** An unsigned Google ID token, which only the Auth emulator accepts. */
function googleIdToken(claims: Record<string, unknown>): string {
  return JSON.stringify({ email_verified: true, ...claims });
}

async function verifyEmail(email: string) {
  const codes = await getOobCodes();
  const code = codes.find((c) => c.email === email && c.requestType === 'VERIFY_EMAIL');
  expect(code, `a verification e-mail for ${email}`).toBeDefined();
  const res = await fetch(code!.oobLink);
  expect(res.ok).toBe(true);
}

beforeEach(async () => {
  await resetBackend();
});

afterEach(async () => {
  for (const { app, auth, db } of clients) {
    goOffline(db);
    await auth.signOut();
    await deleteApp(app);
  }
  clients = [];
});

describe('register', () => {
  it('creates a named account, writes users/{uid}, sends the e-mail and signs out', async () => {
    const { api, client } = newApi();
    const user = await api.register({ email: 'Sara@Example.com', password, username: 'Sara_Lee' });

    expect(user).toMatchObject({
      email: 'sara@example.com',
      displayName: 'Sara_Lee',
      photoURL: DEFAULT_PHOTO,
      emailVerified: false,
    });
    expect(client.auth.currentUser).toBeNull();
    await expect(adminGet(`users/${user.uid}`)).resolves.toEqual({
      username: 'Sara_Lee',
      photo: DEFAULT_PHOTO,
      usernameLower: 'sara_lee',
    });
    await expect(adminGet(`userPrivate/${user.uid}`)).resolves.toEqual({
      email: 'sara@example.com',
    });
    const codes = await getOobCodes();
    expect(codes.filter((c) => c.requestType === 'VERIFY_EMAIL').map((c) => c.email)).toEqual([
      'sara@example.com',
    ]);
  });

  it('reports a taken address with its code', async () => {
    await createTestUser({ email: 'sara@example.com', password });
    const { api } = newApi();
    await expect(
      api.register({ email: 'sara@example.com', password, username: 'Sara' }),
    ).rejects.toMatchObject({ code: 'auth/email-already-in-use' });
  });

  it('removes the account again when a later step fails, so the address stays free', async () => {
    const { api, client } = newApi();
    // 41 characters: the database rules refuse the users/{uid} write.
    await expect(
      api.register({ email: 'long@example.com', password, username: 'x'.repeat(41) }),
    ).rejects.toBeDefined();
    expect(client.auth.currentUser).toBeNull();
    await expect(
      api.register({ email: 'long@example.com', password, username: 'Long' }),
    ).resolves.toMatchObject({ displayName: 'Long' });
  });
});

describe('signInWithPassword', () => {
  it('refuses an unverified account and leaves nobody signed in', async () => {
    const { api, client } = newApi();
    await api.register({ email: 'new@example.com', password, username: 'Newbie' });
    await expect(api.signInWithPassword('new@example.com', password)).resolves.toEqual({
      status: 'emailNotVerified',
    });
    expect(client.auth.currentUser).toBeNull();
  });

  it('signs in once the verification link has been opened', async () => {
    const { api, client } = newApi();
    await api.register({ email: 'new@example.com', password, username: 'Newbie' });
    await verifyEmail('new@example.com');
    const result = await api.signInWithPassword('new@example.com', password);
    expect(result).toMatchObject({
      status: 'signedIn',
      user: { email: 'new@example.com', displayName: 'Newbie', emailVerified: true },
    });
    expect(client.auth.currentUser?.email).toBe('new@example.com');
  });

  it('answers a wrong password and an unknown e-mail with the same code', async () => {
    await createTestUser({ email: 'sara@example.com', password });
    const { api } = newApi();
    await expect(api.signInWithPassword('sara@example.com', 'Wrong1234')).rejects.toMatchObject({
      code: 'auth/invalid-credential',
    });
    await expect(api.signInWithPassword('nobody@example.com', password)).rejects.toMatchObject({
      code: 'auth/invalid-credential',
    });
  });
});

describe('Google sign-in (credential path shared with the popup)', () => {
  const claims = {
    sub: 'google-sara',
    email: 'sara.g@example.com',
    name: 'Sara Google',
    picture: 'https://lh3.googleusercontent.com/a/sara',
  };

  it('writes users/{uid} from the Google profile on the first sign-in', async () => {
    const { api, client } = newApi();
    const user = await api.signInWithGoogleIdToken(googleIdToken(claims));
    expect(user).toMatchObject({ email: claims.email, providerIds: ['google.com'] });
    expect(client.auth.currentUser?.uid).toBe(user.uid);
    await expect(adminGet(`users/${user.uid}`)).resolves.toEqual({
      username: 'Sara Google',
      photo: claims.picture,
      usernameLower: 'sara google',
    });
    await expect(adminGet(`userPrivate/${user.uid}`)).resolves.toEqual({ email: claims.email });
  });

  it('keeps a name the user changed on later sign-ins', async () => {
    const { api } = newApi();
    const first = await api.signInWithGoogleIdToken(googleIdToken(claims));
    const renamed = {
      username: 'Sara_Custom',
      photo: DEFAULT_PHOTO,
      usernameLower: 'sara_custom',
    };
    await adminSet(`users/${first.uid}`, renamed);
    await api.signOut();
    const again = await api.signInWithGoogleIdToken(googleIdToken(claims));
    expect(again.uid).toBe(first.uid);
    await expect(adminGet(`users/${first.uid}`)).resolves.toEqual(renamed);
  });

  it('clamps a long name and falls back to the e-mail name and default photo', async () => {
    const { api } = newApi();
    const user = await api.signInWithGoogleIdToken(
      googleIdToken({ sub: 'google-nameless', email: 'quiet@example.com' }),
    );
    await expect(adminGet(`users/${user.uid}`)).resolves.toMatchObject({
      username: 'quiet',
      photo: DEFAULT_PHOTO,
    });
    const long = await api.signInWithGoogleIdToken(
      googleIdToken({ sub: 'google-long', email: 'long@example.com', name: 'L'.repeat(60) }),
    );
    await expect(adminGet(`users/${long.uid}`)).resolves.toMatchObject({
      username: 'L'.repeat(40),
    });
  });
});

describe('sendPasswordReset', () => {
  it('sends a reset e-mail to an account, and answers the same for an unknown one', async () => {
    await createTestUser({ email: 'sara@example.com', password });
    const { api } = newApi();
    await api.sendPasswordReset('sara@example.com');
    await expect(api.sendPasswordReset('nobody@example.com')).resolves.toBeUndefined();
    const resets = (await getOobCodes()).filter((c) => c.requestType === 'PASSWORD_RESET');
    expect(resets.map((c) => c.email)).toEqual(['sara@example.com']);
  });
});

describe('observeSession and signOut', () => {
  it('reports the signed-in user, then null after signOut', async () => {
    await createTestUser({ email: 'sara@example.com', password, displayName: 'Sara' });
    const { api } = newApi();
    const seen: Array<SessionUser | null> = [];
    const stop = api.observeSession((user) => seen.push(user));
    await api.signInWithPassword('sara@example.com', password);
    await api.signOut();
    await expect.poll(() => seen.length).toBeGreaterThanOrEqual(3);
    stop();
    expect(seen[0]).toBeNull();
    expect(seen[1]).toMatchObject({ email: 'sara@example.com', displayName: 'Sara' });
    expect(seen.at(-1)).toBeNull();
  });
});
