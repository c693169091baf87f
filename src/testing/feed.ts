interface Subscription<T> {
  key: unknown;
  onData: (value: T) => void;
  onError: (error: Error) => void;
}

/** One kind of live query of a fake gateway: who listens (with what key) and a way to answer. */
export class Feed<T> {
  readonly open = new Set<Subscription<T>>();

  subscribe(key: unknown, onData: (value: T) => void, onError: (error: Error) => void) {
    const subscription = { key, onData, onError };
    this.open.add(subscription);
    return () => {
      this.open.delete(subscription);
    };
  }

  /** Answers every listener, or only those opened with `key`. */
  emit(value: T, key?: unknown): void {
    for (const s of [...this.open]) if (key === undefined || s.key === key) s.onData(value);
  }

  fail(error: Error): void {
    for (const s of [...this.open]) s.onError(error);
  }

  keys(): unknown[] {
    return [...this.open].map((s) => s.key);
  }
}
