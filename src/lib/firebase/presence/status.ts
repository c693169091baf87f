/** `status/{uid}` as a plain object, and its parser. Nothing here imports Firebase. */

export type PresenceState = 'online' | 'offline';

export interface PresenceStatus {
  state: PresenceState;
  /** Server time in ms of the last change. */
  lastChanged: number;
}

export function parsePresenceStatus(value: unknown): PresenceStatus | null {
  if (typeof value !== 'object' || value === null) return null;
  const { state, lastChanged } = value as Record<string, unknown>;
  if (state !== 'online' && state !== 'offline') return null;
  return { state, lastChanged: typeof lastChanged === 'number' ? lastChanged : 0 };
}
