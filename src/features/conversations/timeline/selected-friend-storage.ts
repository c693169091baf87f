import { storageKeys } from '../../../store/session';
import type { SelectedFriend } from './conversations-slice';

/** The selected friend under the spec's 'friendLists' key; logout clears it (auth feature). */
export function readSelectedFriend(): SelectedFriend | null {
  try {
    const raw = localStorage.getItem(storageKeys.selectedFriend);
    const value: unknown = raw ? JSON.parse(raw) : null;
    if (typeof value !== 'object' || value === null) return null;
    const { uid, name, photo } = value as Record<string, unknown>;
    if (typeof uid !== 'string' || !uid || typeof name !== 'string') return null;
    return { uid, name, photo: typeof photo === 'string' ? photo : '' };
  } catch {
    // Unreadable or disabled storage: start without a selection.
    return null;
  }
}

export function storeSelectedFriend(friend: SelectedFriend | null): void {
  try {
    if (friend) localStorage.setItem(storageKeys.selectedFriend, JSON.stringify(friend));
    else localStorage.removeItem(storageKeys.selectedFriend);
  } catch {
    // Storage full or disabled: the selection lives on in the store until reload.
  }
}
