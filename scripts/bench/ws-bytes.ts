/**
 * What a page receives over its WebSockets (the database connection), via CDP: total bytes,
 * frames, and bytes per database path (data pushes by their path; replies by the path of the
 * request they answer), so one can see what a dashboard's traffic is made of.
 */
import type { Page } from 'playwright-core';

export interface WsTotals {
  bytes: number;
  frames: number;
  byPath: Record<string, number>;
}

interface Frame {
  r?: number;
  a?: string;
  b?: { p?: string };
}

/** `/users` → users, `/users/abc` → users/{id}: the shape of the read, not its keys. */
function pathKind(path: string | undefined): string {
  if (path === undefined) return '(connection, auth, acks)';
  const [top, ...rest] = path.split('/').filter(Boolean);
  return `${top}${rest.length ? '/{id}' : ''}`;
}

function parse(text: string): Frame | undefined {
  try {
    const message = JSON.parse(text) as { t?: string; d?: Frame };
    return message.t === 'd' ? message.d : undefined;
  } catch {
    return undefined;
  }
}

export async function countWebSocketBytes(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const totals: WsTotals & { lastFrameAt: number } = {
    bytes: 0,
    frames: 0,
    byPath: {},
    lastFrameAt: 0,
  };
  const requestPaths = new Map<number, string | undefined>();
  cdp.on('Network.webSocketFrameSent', ({ response }) => {
    const frame = parse(response.payloadData);
    if (frame?.r !== undefined) requestPaths.set(frame.r, frame.b?.p);
  });
  // Messages over 16 kB arrive as a frame count, then the parts; the path is in the first part.
  let continuation: { left: number; size: number; text: string } | null = null;
  cdp.on('Network.webSocketFrameReceived', ({ response }) => {
    const text = response.payloadData;
    const size =
      response.opcode === 2 ? Buffer.from(text, 'base64').length : Buffer.byteLength(text, 'utf8');
    totals.bytes += size;
    totals.frames += 1;
    totals.lastFrameAt = Date.now();
    if (!continuation && /^\d{1,5}$/.test(text)) {
      continuation = { left: Number(text), size, text: '' };
      return;
    }
    let whole = text;
    let wholeSize = size;
    if (continuation) {
      continuation.left -= 1;
      continuation.size += size;
      continuation.text += text;
      if (continuation.left > 0) return;
      ({ text: whole, size: wholeSize } = continuation);
      continuation = null;
    }
    const frame = parse(whole);
    const path = frame?.a
      ? frame.b?.p
      : frame?.r !== undefined
        ? requestPaths.get(frame.r)
        : undefined;
    const kind = pathKind(path);
    totals.byPath[kind] = (totals.byPath[kind] ?? 0) + wholeSize;
  });
  const snapshot = (): WsTotals => ({
    bytes: totals.bytes,
    frames: totals.frames,
    byPath: { ...totals.byPath },
  });
  return {
    reset() {
      totals.bytes = 0;
      totals.frames = 0;
      totals.byPath = {};
    },
    read: snapshot,
    /** Resolves once no frame has arrived for `quietMs` (or after `maxMs`). */
    async settle(quietMs: number, maxMs: number): Promise<WsTotals> {
      const deadline = Date.now() + maxMs;
      while (Date.now() < deadline && Date.now() - totals.lastFrameAt < quietMs) {
        await new Promise((r) => setTimeout(r, 100));
      }
      return snapshot();
    },
    detach: () => cdp.detach().catch(() => undefined),
  };
}
