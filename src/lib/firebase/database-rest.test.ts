import { describe, expect, it } from 'vitest';
import { databaseRestUrl, signedInRest } from './database-rest';

describe('databaseRestUrl', () => {
  it('addresses the emulator by host and port, the instance as its namespace', () => {
    const url = databaseRestUrl('https://demo-chat-default-rtdb.firebaseio.com', {
      host: '127.0.0.1',
      port: 9000,
    });
    expect(url('chatFiles/-Nc1/-Nf2', { auth: 'tok', print: 'silent' })).toBe(
      'http://127.0.0.1:9000/chatFiles/-Nc1/-Nf2.json?ns=demo-chat-default-rtdb&auth=tok&print=silent',
    );
  });

  it('names a regional instance on the emulator by its first host label', () => {
    const url = databaseRestUrl('https://Chat-EU.europe-west1.firebasedatabase.app', {
      host: 'localhost',
      port: 9001,
    });
    expect(url('a/b')).toBe('http://localhost:9001/a/b.json?ns=chat-eu');
  });

  it('keeps a namespace the URL names itself', () => {
    expect(databaseRestUrl('http://127.0.0.1:9000/?ns=other', null)('x')).toBe(
      'http://127.0.0.1:9000/x.json?ns=other',
    );
  });

  it('goes to the instance itself in production, the token in the query', () => {
    const url = databaseRestUrl('https://chat-eu.europe-west1.firebasedatabase.app/', null);
    expect(url('/groupFiles/g/f/', { auth: 'a.b.c' })).toBe(
      'https://chat-eu.europe-west1.firebasedatabase.app/groupFiles/g/f.json?auth=a.b.c',
    );
    expect(databaseRestUrl('https://p-default-rtdb.firebaseio.com', null)('x')).toBe(
      'https://p-default-rtdb.firebaseio.com/x.json',
    );
  });

  it('escapes what a key could hold that a URL reads otherwise', () => {
    const url = databaseRestUrl('https://p.firebaseio.com', null);
    expect(url('a b/c?d#e')).toBe('https://p.firebaseio.com/a%20b/c%3Fd%23e.json');
  });

  it('says which URL is not one', () => {
    expect(() => databaseRestUrl('not a url', null)).toThrow(
      'The database URL "not a url" is not a URL',
    );
  });
});

describe('signedInRest', () => {
  it("hands the signed-in user's ID token, and null when nobody is signed in", async () => {
    const auth = { currentUser: { getIdToken: () => Promise.resolve('id-token') } };
    const url = databaseRestUrl('https://p.firebaseio.com', null);
    expect(await signedInRest(url, auth as never).idToken()).toBe('id-token');
    expect(await signedInRest(url, { currentUser: null }).idToken()).toBeNull();
  });
});
