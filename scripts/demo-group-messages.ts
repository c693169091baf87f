/**
 * The demo's group conversations (`groupMessages/{groupId}/{id}`), for groups the demo data
 * already holds: each line is written by the group's admin or one of its members, by position
 * (0 the admin, 1.. the members by name), as the app's sends would have written them.
 */
const MINUTE = 60_000;

type Line = [speaker: number, text: string, minutesAgo: number];

const scripts: Record<string, Line[]> = {
  'Weekend Hikers': [
    [0, 'Saturday: Blue Ridge trail, meet at the car park at 8?', 190],
    [1, "I'm in! Bringing the big thermos.", 185],
    [2, 'Count me in too. Is the weather going to hold?', 120],
    [0, 'Forecast says sunny until 3 pm, so we start early.', 95],
    [2, 'Perfect, see you there 🥾', 12],
  ],
  Photography: [
    [0, 'Golden hour is at 7:40 tonight. River walk?', 400],
    [1, 'Yes! I finally got the 35 mm lens.', 380],
    [2, 'I can come after work, around 7:30.', 300],
  ],
};

function str(value: unknown, key: string): string {
  const field = (value as Record<string, unknown> | null)?.[key];
  return typeof field === 'string' ? field : '';
}

export function demoGroupMessageEntries(
  data: Record<string, unknown>,
  now: number,
  nextId: (time: number) => string,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [path, group] of Object.entries(data)) {
    const [area, groupId] = path.split('/');
    const lines = area === 'Mygroup' && groupId ? scripts[str(group, 'groupName')] : undefined;
    if (!lines || !groupId) continue;
    const members = Object.entries(data)
      .filter(
        ([p, v]) => p.startsWith(`groupMembership/${groupId}/`) && str(v, 'status') === 'member',
      )
      .map(([p, v]) => ({ uid: p.split('/')[2] ?? '', username: str(v, 'username') }))
      .sort((a, b) => a.username.localeCompare(b.username));
    const people = [{ uid: str(group, 'adminId'), username: str(group, 'adminName') }, ...members];
    for (const [speaker, message, minutesAgo] of lines) {
      const sender = people.at(speaker);
      if (!sender) continue;
      const createdAt = now - minutesAgo * MINUTE;
      out[`groupMessages/${groupId}/${nextId(createdAt)}`] = {
        message,
        senderId: sender.uid,
        senderName: sender.username,
        createdAt,
      };
    }
  }
  return out;
}
