/**
 * What a soak cycle does over REST: register an account, save a value for it, read both back.
 * The value is written with admin rights to a path of its own, so the soak tests durability
 * whatever the data model and rules of the day; the account is checked by signing in.
 */

export interface Acknowledged {
  email: string;
  password: string;
  uid: string;
  username: string;
}

interface Hosts {
  authHost: string;
  dbHost: string;
  ns: string;
}

async function json(res: Response, what: string): Promise<Record<string, unknown>> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${what} failed (${res.status}): ${text}`);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

async function identity(hosts: Hosts, op: string, body: unknown) {
  const res = await fetch(
    `http://${hosts.authHost}/identitytoolkit.googleapis.com/v1/${op}?key=demo`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    },
  );
  return json(res, op);
}

/** Registers an account, then writes its value; both acknowledged when this returns. */
export async function registerAndWrite(hosts: Hosts, tag: string): Promise<Acknowledged> {
  const username = `soak${tag}`;
  const email = `${username}@example.com`;
  const password = 'Soak1234';
  const created = await identity(hosts, 'accounts:signUp', {
    email,
    password,
    returnSecureToken: true,
  });
  const uid = String(created.localId);
  const res = await fetch(`http://${hosts.dbHost}/soakValues/${uid}.json?ns=${hosts.ns}`, {
    method: 'PUT',
    headers: { Authorization: 'Bearer owner' },
    body: JSON.stringify(username),
  });
  await json(res, `PUT soakValues/${uid}`);
  return { email, password, uid, username };
}

/** Problems found: the account cannot sign in, or its value is gone. */
export async function checkAcknowledged(hosts: Hosts, all: Acknowledged[]): Promise<string[]> {
  const problems: string[] = [];
  for (const a of all) {
    try {
      const signed = await identity(hosts, 'accounts:signInWithPassword', {
        email: a.email,
        password: a.password,
        returnSecureToken: true,
      });
      if (signed.localId !== a.uid) problems.push(`${a.email}: uid changed`);
    } catch (err) {
      problems.push(`${a.email}: cannot sign in (${String(err)})`);
    }
    const res = await fetch(`http://${hosts.dbHost}/soakValues/${a.uid}.json?ns=${hosts.ns}`, {
      headers: { Authorization: 'Bearer owner' },
    });
    const value = (await json(res, 'GET')) as unknown;
    if (value !== a.username) problems.push(`soakValues/${a.uid}: ${JSON.stringify(value)}`);
  }
  return problems;
}

/** How many `users` records exist (the demo ones must never disappear). */
export async function countUsers(hosts: Hosts): Promise<number> {
  const res = await fetch(`http://${hosts.dbHost}/users.json?ns=${hosts.ns}&shallow=true`, {
    headers: { Authorization: 'Bearer owner' },
  });
  const users = (await json(res, 'GET users')) as Record<string, unknown> | null;
  return users ? Object.keys(users).length : 0;
}
