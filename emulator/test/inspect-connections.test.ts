import { get, goOffline, goOnline, ref } from 'firebase/database';
import { afterAll, describe, expect, it } from 'vitest';
import { connectClient, emulatorForFile, rest, type TestClient } from './helpers';

const { emu } = emulatorForFile();
const opened: TestClient[] = [];
afterAll(() => Promise.all(opened.map((c) => c.close())));

/** A client signed in as `uid` on namespace `ns`, connected (it has read once). */
async function signedIn(uid: string, ns: string): Promise<TestClient> {
  const c = connectClient(emu(), ns, { mockUserToken: { sub: uid } });
  opened.push(c);
  await get(ref(c.db, 'x'));
  return c;
}

const connections = async (token?: string | null) =>
  rest(emu(), 'GET', '/.inspect/connections.json', { ns: 'any', token });

/** Without `?ns=`: the list covers every namespace, so it needs none. */
const withoutNamespace = async () => {
  const res = await fetch(`http://${emu().host}:${String(emu().port)}/.inspect/connections.json`, {
    headers: { Authorization: 'Bearer owner' },
  });
  return { status: res.status, body: await res.json() };
};

const sorted = (list: unknown) =>
  [...(list as { ns: string; uid: string | null }[])].sort((a, b) =>
    `${a.ns}/${String(a.uid)}`.localeCompare(`${b.ns}/${String(b.uid)}`),
  );

describe('GET /.inspect/connections.json', () => {
  it('lists every open WebSocket connection with its namespace and uid, and drops a closed one', async () => {
    const bobHome = await signedIn('bob', 'conn-i0');
    await signedIn('bob', 'conn-i1');
    await signedIn('ann', 'conn-i1');
    expect(sorted((await connections()).body)).toEqual([
      { ns: 'conn-i0', uid: 'bob' },
      { ns: 'conn-i1', uid: 'ann' },
      { ns: 'conn-i1', uid: 'bob' },
    ]);

    expect(sorted((await withoutNamespace()).body)).toEqual(sorted((await connections()).body));

    goOffline(bobHome.db);
    await expect
      .poll(async () => sorted((await connections()).body).map((c) => `${c.ns}/${String(c.uid)}`))
      .toEqual(['conn-i1/ann', 'conn-i1/bob']);
    goOnline(bobHome.db);
    await get(ref(bobHome.db, 'x'));
    expect(sorted((await connections()).body)).toHaveLength(3);
  });

  it('refuses anyone but the admin, and other methods', async () => {
    expect((await connections(null)).status).toBe(401);
    expect((await connections('not-a-token')).status).toBe(401);
    const posted = await rest(emu(), 'POST', '/.inspect/connections.json', { ns: 'any', body: {} });
    expect(posted.status).toBe(405);
  });
});
