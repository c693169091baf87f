/**
 * Where conversations live (docs/scaling.md, "Past one database"): the directory's stored
 * shapes of the instances (`config/instances`), homes (`homes/{uid}`) and placements
 * (`placement/direct/{id}`, `placement/group/{id}`), their parsers and the pure writes that
 * create them. No SDK here.
 */
import { parseConversationKey, type ConversationKey } from '../../../conversation-key';

/** The default instance: the directory's own database, and what an absent record means. */
export const DEFAULT_INSTANCE = 0;

/** `placement/…/{id}`: the conversation's instance; only `live` takes writes there. */
export interface Placement {
  instance: number;
  state: 'live' | 'moving' | 'moved';
}

/** `config/instances`, written by an admin: how many, which take new people, where each is. */
export interface InstancesConfig {
  count: number;
  /** The instances new people may choose as their home. */
  open: number[];
  /** Each instance's database URL but the default's (the directory's own). */
  urls: Record<number, string>;
}

const isInstance = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;

export function parsePlacement(value: unknown): Placement | null {
  if (typeof value !== 'object' || value === null) return null;
  const { instance, state } = value as Record<string, unknown>;
  if (!isInstance(instance)) return null;
  if (state !== 'live' && state !== 'moving' && state !== 'moved') return null;
  return { instance, state };
}

export function parseHome(value: unknown): number | null {
  return isInstance(value) ? value : null;
}

/** The configuration, or one instance (the default) when there is none or it is malformed. */
export function parseInstancesConfig(value: unknown): InstancesConfig {
  const single: InstancesConfig = { count: 1, open: [DEFAULT_INSTANCE], urls: {} };
  if (typeof value !== 'object' || value === null) return single;
  const { count, open, urls } = value as Record<string, unknown>;
  if (!isInstance(count) || count < 1) return single;
  const openList = Object.entries(typeof open === 'object' && open !== null ? open : {})
    .filter(([key, on]) => on === true && isInstance(Number(key)) && Number(key) < count)
    .map(([key]) => Number(key))
    .sort((a, b) => a - b);
  const urlList: Record<number, string> = {};
  for (const [key, url] of Object.entries(typeof urls === 'object' && urls !== null ? urls : {})) {
    if (isInstance(Number(key)) && typeof url === 'string') urlList[Number(key)] = url;
  }
  return { count, open: openList.length ? openList : [DEFAULT_INSTANCE], urls: urlList };
}

/** `placement/direct/{id}` or `placement/group/{id}`. */
export function placementPath(key: ConversationKey): string {
  const { kind, id } = parseConversationKey(key);
  return `placement/${kind}/${id}`;
}

/** The placement written with the accept or the group's creation: the creator's home, live. */
export function placementWrite(key: ConversationKey, creatorHome: number | null) {
  const placement: Placement = { instance: creatorHome ?? DEFAULT_INSTANCE, state: 'live' };
  return { [placementPath(key)]: placement };
}

/**
 * The home a new person takes: one of the open instances, spread by the uid (a stable hash),
 * so registrations fill the open instances evenly and the same uid always asks for the same one.
 */
export function chooseHome(config: InstancesConfig, uid: string): number {
  let hash = 0;
  for (let i = 0; i < uid.length; i++) hash = (hash * 31 + uid.charCodeAt(i)) >>> 0;
  return config.open[hash % config.open.length] ?? DEFAULT_INSTANCE;
}
