/**
 * Privileged REST access to the emulators (the `owner` token), for seeding and tests.
 * Never used by the app itself.
 */
export interface AdminTarget {
  projectId: string;
  authHost: string;
  dbHost: string;
  dbNamespace: string;
}

const owner = { Authorization: 'Bearer owner' };

export async function dbRest(
  target: AdminTarget,
  method: 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
  query: Record<string, string> = {},
): Promise<unknown> {
  const clean = path.replace(/^\/+|\/+$/g, '');
  const params = new URLSearchParams({ ns: target.dbNamespace, ...query });
  const res = await fetch(`http://${target.dbHost}/${clean}.json?${params.toString()}`, {
    method,
    headers: { ...owner, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} /${clean} failed (${res.status}): ${text}`);
  return text ? JSON.parse(text) : null;
}

async function authRest(target: AdminTarget, path: string, init: RequestInit = {}) {
  const res = await fetch(`http://${target.authHost}${path}`, {
    ...init,
    headers: { ...owner, 'content-type': 'application/json' },
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`Auth emulator ${path} failed (${res.status}): ${text}`);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

export interface CreatedUser {
  uid: string;
  email: string;
  password: string;
  displayName: string;
}

export async function createAuthUser(
  target: AdminTarget,
  user: { email: string; password: string; displayName?: string; verified?: boolean },
): Promise<CreatedUser> {
  const displayName = user.displayName ?? user.email.split('@')[0];
  const created = await authRest(
    target,
    '/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo',
    {
      method: 'POST',
      body: JSON.stringify({ email: user.email, password: user.password, displayName }),
    },
  );
  const uid = String(created.localId);
  await completeAuthUser(target, uid, displayName, user.verified ?? true);
  return { uid, email: user.email, password: user.password, displayName };
}

/** Sets what sign-up alone does not: name, default photo, verified flag. Safe to repeat. */
export async function completeAuthUser(
  target: AdminTarget,
  uid: string,
  displayName: string,
  verified: boolean,
): Promise<void> {
  await authRest(
    target,
    `/identitytoolkit.googleapis.com/v1/projects/${target.projectId}/accounts:update`,
    {
      method: 'POST',
      body: JSON.stringify({
        localId: uid,
        displayName,
        photoUrl: '/default-avatar.svg',
        emailVerified: verified,
      }),
    },
  );
}

export async function deleteAllAuthUsers(target: AdminTarget): Promise<void> {
  await authRest(target, `/emulator/v1/projects/${target.projectId}/accounts`, {
    method: 'DELETE',
  });
}

export async function listAuthUsers(
  target: AdminTarget,
): Promise<Array<{ localId: string; email?: string }>> {
  const res = await authRest(
    target,
    `/identitytoolkit.googleapis.com/v1/projects/${target.projectId}/accounts:query`,
    { method: 'POST', body: JSON.stringify({ returnUserInfo: true }) },
  );
  return (res.userInfo as Array<{ localId: string; email?: string }> | undefined) ?? [];
}

export interface OobCode {
  email: string;
  oobLink: string;
  oobCode: string;
  requestType: string;
}

export async function getOobCodes(target: AdminTarget): Promise<OobCode[]> {
  const res = await authRest(target, `/emulator/v1/projects/${target.projectId}/oobCodes`);
  return (res.oobCodes as OobCode[] | undefined) ?? [];
}
