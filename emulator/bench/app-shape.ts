/**
 * The app's data as the load bench needs it: signed-in users paired as friends, and a send as
 * the app writes it (`directSendWrite` from src/lib/firebase/conversations/send-write.ts: the message and both
 * inbox entries in one root update, with the SDK's server-value placeholders).
 */
import { directSendWrite } from '../../src/lib/firebase/conversations/send-write';

export const uidOf = (i: number): string => `loadUser${String(i).padStart(4, '0')}`;
/** Users 2k and 2k + 1 are friends in conversation k. */
export const relOf = (i: number): string => `loadRel${String(Math.floor(i / 2)).padStart(4, '0')}`;
export const friendOf = (i: number): number => (i % 2 === 0 ? i + 1 : i - 1);
export const nameOf = (i: number): string => `User ${i}`;

/** An unsigned ID token like the Auth emulator's (the emulator does not check signatures). */
export function idToken(i: number): string {
  const b64 = (o: object): string => Buffer.from(JSON.stringify(o)).toString('base64url');
  const uid = uidOf(i);
  return `${b64({ alg: 'none', typ: 'JWT' })}.${b64({
    sub: uid,
    user_id: uid,
    email: `${uid}@example.com`,
    email_verified: true,
    firebase: { sign_in_provider: 'password' },
    iat: 1_700_000_000,
    exp: 4_000_000_000,
  })}.`;
}

/** What an owner writes before the run: profiles and friendships (the rules read both). */
export function appSeed(users: number): Record<string, unknown> {
  const seed: Record<string, unknown> = {};
  for (let i = 0; i < users; i++) {
    const name = nameOf(i);
    seed[`users/${uidOf(i)}`] = { username: name, usernameLower: name.toLowerCase(), photo: '' };
    if (i % 2 === 0 && i + 1 < users) {
      seed[`friendList/${relOf(i)}`] = {
        senderId: uidOf(i),
        senderName: nameOf(i),
        receiverId: uidOf(i + 1),
        receiverName: nameOf(i + 1),
      };
    }
  }
  return seed;
}

const SERVER = { now: { '.sv': 'timestamp' }, plusOne: { '.sv': { increment: 1 } } };

/** The root update user `i` sends as message `id` to their friend. */
export function appSend(i: number, id: string, text: string): Record<string, unknown> {
  const f = friendOf(i);
  return directSendWrite(
    {
      conversationId: relOf(i),
      from: { uid: uidOf(i), name: nameOf(i) },
      to: { uid: uidOf(f), name: nameOf(f) },
    },
    id,
    text,
    SERVER,
  );
}
