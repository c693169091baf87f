import { recordPhoto } from '../../lib/firebase/records';
import { libStrings } from '../../lib/lib-strings';
import type { WithProfiles } from './profiles-slice';

/**
 * The signed-in user as writes name them. The rules compare these names with `users/{uid}`,
 * so they come from that record, not from the Auth profile (whose display name may differ).
 */
export function requireMe(state: WithProfiles): { uid: string; username: string; photo: string } {
  const me = state.profiles.me;
  if (!me) throw new Error(libStrings.home.errors.profileMissing);
  return { uid: me.uid, username: me.username, photo: recordPhoto(me.photo) };
}
