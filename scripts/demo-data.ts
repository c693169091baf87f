/** Placeholder until the dashboard's demo data lands: only the user profiles. */
export function buildDemoData(
  users: Array<{ uid: string; username: string; email: string }>,
  _now: number,
): Record<string, unknown> {
  return Object.fromEntries(
    users.map((u) => [
      `users/${u.uid}`,
      {
        username: u.username,
        email: u.email,
        photo: '/default-avatar.svg',
        usernameLower: u.username.toLowerCase(),
      },
    ]),
  );
}
