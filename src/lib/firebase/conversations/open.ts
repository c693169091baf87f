/**
 * A live query's deliveries, each opened (decrypted, crypto.ts) before it reaches
 * the app, in the order they came: a later delivery never overtakes an earlier one that is still
 * being opened, and one superseded before it opens is skipped. A delivery with nothing to open
 * (`open` returns it as it is, not a promise) goes out at once when nothing is pending, so clear
 * text arrives exactly as it did before encryption.
 */
export function openInOrder<T>(
  open: (value: T) => T | Promise<T>,
  deliver: (value: T) => void,
  onError: (error: Error) => void,
): (value: T) => void {
  let latest = 0;
  let pending = 0;
  let chain: Promise<void> = Promise.resolve();
  return (value) => {
    const turn = ++latest;
    const opening = open(value);
    if (!(opening instanceof Promise) && pending === 0) {
      deliver(opening);
      return;
    }
    pending += 1;
    chain = chain
      .then(() => opening)
      .then(
        (opened) => {
          if (turn === latest) deliver(opened);
        },
        (error: unknown) => {
          if (turn === latest) onError(error instanceof Error ? error : new Error(String(error)));
        },
      )
      .finally(() => {
        pending -= 1;
      });
  };
}
