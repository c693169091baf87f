/**
 * A set of live listeners keyed by id (e.g. one roster per group): `sync` opens the missing
 * ones and closes the ones no longer wanted, so each listener added has its removal.
 */
export class KeyedSubscriptions {
  private readonly open = new Map<string, () => void>();

  constructor(
    private readonly subscribe: (key: string) => () => void,
    private readonly onClosed: (key: string) => void = () => undefined,
  ) {}

  sync(wanted: Iterable<string>): void {
    const keep = new Set(wanted);
    for (const [key, unsubscribe] of this.open) {
      if (keep.has(key)) continue;
      unsubscribe();
      this.open.delete(key);
      this.onClosed(key);
    }
    for (const key of keep) {
      if (!this.open.has(key)) this.open.set(key, this.subscribe(key));
    }
  }

  closeAll(): void {
    this.sync([]);
  }
}
