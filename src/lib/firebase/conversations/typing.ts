/** The typing indicator's write budget, kept apart from Firebase so it can be tested with a clock. */

/** At most one `typing/{conversationId}/{uid}` write per conversation in this interval. */
export const TYPING_WRITE_INTERVAL_MS = 2000;

/**
 * Decides which "I am typing" signals become writes: the first one, then one whenever the
 * interval has passed since the last write. `stop` forgets a conversation, so typing again
 * after sending writes at once.
 */
export class TypingThrottle {
  private readonly lastWrite = new Map<string, number>();

  constructor(
    private readonly interval = TYPING_WRITE_INTERVAL_MS,
    private readonly clock: () => number = Date.now,
  ) {}

  /** True when this signal should be written (and counts it as written). */
  shouldWrite(key: string): boolean {
    const now = this.clock();
    const last = this.lastWrite.get(key);
    if (last !== undefined && now - last < this.interval) return false;
    this.lastWrite.set(key, now);
    return true;
  }

  /** True when something was written since the last stop (so there is something to remove). */
  stop(key: string): boolean {
    return this.lastWrite.delete(key);
  }
}
