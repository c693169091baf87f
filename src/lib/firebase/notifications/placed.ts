/**
 * Mentions on their group's instance (docs/scaling.md, "Instances and what lives where"): a
 * mention's notification is written in the group message's own update, so the rules prove it
 * there, on the group's placement; the directory's feed holds the other kinds. My feed adds the
 * `notifications/{me}` of each other instance holding one of my groups, within the three
 * connections: live where a connection is open anyway, else read at each look (a mention's
 * group message wakes me by the relay's hint, whose look reads them).
 */
import { onValue, ref, update, type Database, type Unsubscribe } from 'firebase/database';
import { groupKey } from '../../conversation-key';
import { placementsOf } from '../conversations';
import { parseChildren } from '../scoped-query';
import { parseNotification, type AppNotification } from './record';

const DIRECTORY = 0;

/**
 * Follows `uid`'s notifications on the other instances of their groups, calling `onChange` with
 * them by instance on every change. Nothing with one instance.
 */
export function followPlacedNotifications(
  directory: Database,
  uid: string,
  onChange: (byInstance: ReadonlyMap<number, AppNotification[]>) => void,
): Unsubscribe {
  const placements = placementsOf(directory);
  const byInstance = new Map<number, AppNotification[]>();
  const following = new Map<number, Unsubscribe>();
  let stopped = false;
  const emit = () => {
    if (!stopped) onChange(byInstance);
  };
  const take = (instance: number) => (value: unknown) => {
    byInstance.set(instance, parseChildren(value, parseNotification));
    emit();
  };
  const follow = (instances: ReadonlySet<number>) => {
    for (const [instance, stop] of following) {
      if (instances.has(instance)) continue;
      stop();
      following.delete(instance);
      byInstance.delete(instance);
      emit();
    }
    for (const instance of instances) {
      if (following.has(instance)) continue;
      const path = `notifications/${uid}`;
      following.set(
        instance,
        placements.followWithinBound(
          instance,
          (db) =>
            onValue(
              ref(db, path),
              (snapshot) => take(instance)(snapshot.val()),
              () => undefined,
            ),
          async (at) => take(instance)(await at.read(path)),
        ),
      );
    }
  };
  let stopGroups: Unsubscribe = () => undefined;
  void placements.isSharded().then(
    (sharded) => {
      if (!sharded || stopped) return;
      stopGroups = onValue(
        ref(directory, `userGroups/${uid}`),
        (snapshot) => {
          const groups = Object.keys((snapshot.val() ?? {}) as object);
          void Promise.all(groups.map((id) => placements.instanceOf(groupKey(id)).catch(() => 0)))
            .then((placed) => {
              if (!stopped) follow(new Set(placed.filter((n) => n !== DIRECTORY)));
            })
            .catch(() => undefined);
        },
        () => undefined,
      );
    },
    () => undefined,
  );
  return () => {
    stopped = true;
    stopGroups();
    for (const stop of following.values()) stop();
    following.clear();
  };
}

/**
 * `changes` of `notifications/…` written where each lives (`instanceOf(path)`); elsewhere as a
 * look, so what is read at each look there (the feed above) shows the change at once.
 */
export async function updateWhereStored(
  directory: Database,
  changes: Record<string, unknown>,
  instanceOf: (path: string) => number,
): Promise<void> {
  const placements = placementsOf(directory);
  const byInstance = new Map<number, Record<string, unknown>>();
  for (const [path, value] of Object.entries(changes)) {
    const instance = instanceOf(path);
    byInstance.set(instance, { ...byInstance.get(instance), [path]: value });
  }
  await Promise.all(
    [...byInstance].map(([instance, paths]) =>
      instance === DIRECTORY
        ? update(ref(directory), paths)
        : placements.lookAt(instance, (at) => at.update(paths)),
    ),
  );
}
