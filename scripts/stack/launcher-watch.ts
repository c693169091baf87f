/**
 * `npm start` execs us, so npm forwards SIGINT and SIGTERM sent to it alone straight to us. If
 * npm is killed outright (SIGKILL, a crashed IDE), nothing is forwarded: seeing our parent go
 * is then the only stop signal. Without npm (run by hand, by a test) nothing is watched here.
 */
import { watchParent } from '../../emulator/src/parent-watch';

export function watchNpmLauncher(onLost: () => void): void {
  if (!process.env.npm_lifecycle_event) return;
  watchParent(process.ppid, onLost, 250);
}
