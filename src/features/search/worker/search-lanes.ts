/**
 * Searches asked while the worker was busy with another (keys typed during a long search) wait
 * in its message queue, each run in turn although only the last one's answer is shown. A call
 * in a lane ('search', 'findIn') therefore waits one turn of the event loop, so the calls
 * already queued arrive first; one that arrives in the same lane meanwhile replaces it, and the
 * replaced one is answered at once as superseded without being run.
 */
export class Lanes<T> {
  private readonly waiting = new Map<string, T>();

  constructor(
    private readonly run: (call: T) => void,
    private readonly supersede: (call: T) => void,
    private readonly later: (next: () => void) => void = (next) => setTimeout(next, 0),
  ) {}

  submit(lane: string, call: T): void {
    const before = this.waiting.get(lane);
    if (before !== undefined) this.supersede(before);
    this.waiting.set(lane, call);
    this.later(() => {
      if (this.waiting.get(lane) !== call) return;
      this.waiting.delete(lane);
      this.run(call);
    });
  }
}

/** The answer a superseded call rejects with (the caller shows the newer call's answer). */
export const SUPERSEDED = 'superseded by a newer search';

export const isSuperseded = (error: unknown) =>
  error instanceof Error && error.message === SUPERSEDED;

/** A newer search's answer is on its way: nothing to show for this one; other errors stand. */
export function ignoreSuperseded(error: unknown): void {
  if (!isSuperseded(error)) throw error;
}
