/**
 * One tab at a time per upload (the Web Locks API, shared by the origin's tabs and released when
 * a tab dies): the tab sending a file holds its lock until the send settles, so another tab's
 * start, which resumes the uploads kept on the device, leaves it alone instead of sending it a
 * second time. Without the API (an old browser, Node) every claim is granted.
 */
type Hold = (until: Promise<unknown>) => void;

const granted: Hold = () => undefined;

/**
 * Claims upload `id`'s lock: resolves with `hold`, which keeps it until `until` settles, or
 * null when `ifAvailable` and another tab holds it.
 */
export function claimUpload(id: string, ifAvailable: boolean): Promise<Hold | null> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return Promise.resolve(granted);
  return new Promise((resolve) => {
    locks
      .request(`chatty-upload:${id}`, { ifAvailable }, (lock) => {
        if (!lock) {
          resolve(null);
          return undefined;
        }
        return new Promise<void>((release) => {
          resolve((until) => {
            const done = () => release();
            void until.then(done, done);
          });
        });
      })
      .catch(() => resolve(granted));
  });
}
