// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env';

describe('parseEnv', () => {
  it('defaults to a demo project on the local emulators', () => {
    const env = parseEnv({});
    expect(env.firebase.projectId).toBe('demo-chat');
    expect(env.firebase.databaseURL).toBe('https://demo-chat-default-rtdb.firebaseio.com');
    expect(env.emulators).toEqual({
      auth: { host: '127.0.0.1', port: 9099 },
      database: { host: '127.0.0.1', port: 9000 },
    });
  });

  it('takes emulator hosts from the environment', () => {
    const env = parseEnv({
      VITE_AUTH_EMULATOR_HOST: 'localhost:19099',
      VITE_DATABASE_EMULATOR_HOST: '127.0.0.1:19000',
    });
    expect(env.emulators?.auth).toEqual({ host: 'localhost', port: 19099 });
    expect(env.emulators?.database.port).toBe(19000);
  });

  it('configures a real project without emulators', () => {
    const env = parseEnv({
      VITE_USE_EMULATORS: 'false',
      VITE_FIREBASE_PROJECT_ID: 'my-chat-123',
      VITE_FIREBASE_API_KEY: 'AIzaKey',
      VITE_FIREBASE_DATABASE_URL:
        'https://my-chat-123-default-rtdb.europe-west1.firebasedatabase.app',
    });
    expect(env.emulators).toBeNull();
    expect(env.firebase.apiKey).toBe('AIzaKey');
    expect(env.firebase.authDomain).toBe('my-chat-123.firebaseapp.com');
  });

  it.each([
    [{ VITE_DATABASE_EMULATOR_HOST: '9000' }, /VITE_DATABASE_EMULATOR_HOST/],
    [{ VITE_AUTH_EMULATOR_HOST: 'host:99999' }, /VITE_AUTH_EMULATOR_HOST/],
    [{ VITE_FIREBASE_PROJECT_ID: 'Bad Id!' }, /not a valid project id/],
    [{ VITE_FIREBASE_DATABASE_URL: 'not a url' }, /not a URL/],
    [{ VITE_USE_EMULATORS: 'false', VITE_FIREBASE_PROJECT_ID: 'real-project' }, /API_KEY/],
    [{ VITE_USE_EMULATORS: 'false', VITE_FIREBASE_API_KEY: 'k' }, /demo- project/],
  ])('rejects %o with a clear message', (raw, message) => {
    expect(() => parseEnv(raw)).toThrow(EnvError);
    expect(() => parseEnv(raw)).toThrow(message);
  });
});
