import type { RunningEmulator } from '../src/server';

export interface StreamEvent {
  event: string;
  data: unknown;
}

/** A REST event stream read with plain `fetch`, its events parsed as they arrive. */
export class EventStreamClient {
  readonly events: StreamEvent[] = [];
  ended = false;
  private buffer = '';

  private constructor(
    readonly status: number,
    readonly contentType: string | null,
    private readonly abort: AbortController,
  ) {}

  static async open(
    emu: RunningEmulator,
    path: string,
    opts: { ns: string; token?: string | null; query?: string },
  ): Promise<EventStreamClient> {
    const abort = new AbortController();
    const headers: Record<string, string> = { Accept: 'text/event-stream' };
    const token = opts.token === undefined ? 'owner' : opts.token;
    if (token) headers.Authorization = `Bearer ${token}`;
    const q = `ns=${encodeURIComponent(opts.ns)}${opts.query ? `&${opts.query}` : ''}`;
    const res = await fetch(`http://${emu.host}:${emu.port}${path}?${q}`, {
      headers,
      signal: abort.signal,
    });
    const client = new EventStreamClient(res.status, res.headers.get('content-type'), abort);
    if (!res.body) throw new Error('no response body');
    void client.read(res.body.getReader());
    return client;
  }

  private async read(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        this.buffer += decoder.decode(value, { stream: true });
        this.parse();
      }
    } catch {
      // aborted by close()
    }
    this.ended = true;
  }

  private parse(): void {
    let end: number;
    while ((end = this.buffer.indexOf('\n\n')) >= 0) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      let event = 'message';
      let data = '';
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data += line.slice(5).trim();
      }
      this.events.push({ event, data: JSON.parse(data) as unknown });
    }
  }

  /** Resolves with the first event from `from` on that satisfies `match`. */
  async next(match: (e: StreamEvent) => boolean, from = 0, timeoutMs = 5000): Promise<StreamEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.slice(from).find(match);
      if (found) return found;
      if (this.ended) throw new Error(`stream ended; events: ${JSON.stringify(this.events)}`);
      if (Date.now() > deadline) {
        throw new Error(`no matching event; events: ${JSON.stringify(this.events)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  async untilEnded(timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.ended) {
      if (Date.now() > deadline) throw new Error('the stream did not end');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  close(): void {
    this.abort.abort();
  }
}
