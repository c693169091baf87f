/**
 * Whether the app is online, for the offline banner, the outbox's sends and the files' uploads
 * (docs/scaling.md, "The directory in the slot"): the home's `.info/connected` once the home is
 * known, since the directory is then connected only for looks and writes; the directory's
 * before (it is kept until then, and is the home with one instance).
 */
import { onValue, ref, type Database, type Unsubscribe } from 'firebase/database';

interface Watcher {
  onChange: (online: boolean) => void;
  /** Its listeners: the directory's until the home has answered, then the home's only. */
  stops: Set<Unsubscribe>;
}

export function makeOnlineWatch(directory: Database) {
  let current = directory;
  const watchers = new Set<Watcher>();
  const follow = (watcher: Watcher, db: Database) => {
    // Told from the home once it has said it is connected: its first answer is false until
    // its socket opens, which is no news for the person.
    let heard = db === directory;
    let stop: Unsubscribe | null = null;
    // The others stop once this one is known (the SDK may answer before onValue returns).
    const onlyThis = () => {
      if (!stop) return;
      for (const other of [...watcher.stops]) if (other !== stop) other();
      watcher.stops = new Set([stop]);
    };
    stop = onValue(ref(db, '.info/connected'), (snapshot) => {
      const online = snapshot.val() === true;
      if (!heard && !online) return;
      if (!heard) {
        heard = true;
        onlyThis();
      }
      watcher.onChange(online);
    });
    watcher.stops.add(stop);
    if (heard && db !== directory) onlyThis();
  };
  return {
    /** The home is known: the watchers follow it from its first connection on. */
    homeIs: (home: Database) => {
      if (home === current) return;
      current = home;
      for (const watcher of watchers) follow(watcher, home);
    },
    /** Calls `onChange` with whether the app is online, now and at each change. */
    watch: (onChange: (online: boolean) => void): Unsubscribe => {
      const watcher: Watcher = { onChange, stops: new Set() };
      watchers.add(watcher);
      follow(watcher, current);
      return () => {
        watchers.delete(watcher);
        for (const stop of watcher.stops) stop();
      };
    },
  };
}
