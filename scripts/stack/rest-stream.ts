/**
 * A tree of a namespace of our emulator followed over REST streaming with the `owner` token:
 * each `put` and `patch` event as the server sends it (the first is the whole tree). Used by the
 * local twins of the Cloud Functions (mirror.ts, relay.ts).
 */
import type { AdminTarget } from './admin';

/** One `put` or `patch` event: where it applies and what it writes there. */
export interface StreamEvent {
  path: string;
  data: unknown;
}

/** Reads the server-sent events of `tree`, calling `onEvent` for each put and patch. */
export async function follow(
  target: AdminTarget,
  tree: string,
  signal: AbortSignal,
  onEvent: (kind: string, event: StreamEvent) => void,
): Promise<void> {
  const params = new URLSearchParams({ ns: target.dbNamespace });
  const res = await fetch(`http://${target.dbHost}/${tree}.json?${params.toString()}`, {
    headers: { Authorization: 'Bearer owner', Accept: 'text/event-stream' },
    signal,
  });
  if (!res.ok || !res.body) throw new Error(`stream of ${tree}: ${String(res.status)}`);
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of res.body) {
    buffer += decoder.decode(chunk, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const kind = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if ((kind === 'put' || kind === 'patch') && data) {
        onEvent(kind, JSON.parse(data) as StreamEvent);
      }
      end = buffer.indexOf('\n\n');
    }
  }
}
