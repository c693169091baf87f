import WebSocket from 'ws';

/**
 * The write loop used for both the emulator and the echo ceiling: protocol `p` requests with a
 * fixed number in flight, counting one completion per incoming data frame with an `r`.
 */
export async function writeLoop(url: string, durationMs: number, inFlight = 64): Promise<number> {
  const ws = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  let sent = 0;
  let done = 0;
  let stopAt = 0;
  return new Promise<number>((resolve) => {
    const send = (): void => {
      sent++;
      const msg = {
        t: 'd',
        d: { r: sent, a: 'p', b: { p: `/bench/w/${sent % 1000}`, d: { n: sent } } },
      };
      ws.send(JSON.stringify(msg));
    };
    ws.on('message', (data) => {
      const text = (data as Buffer).toString();
      if (!text.includes('"r":')) return;
      done++;
      if (Date.now() < stopAt) send();
      else if (done === sent) {
        ws.close();
        resolve(done);
      }
    });
    // The emulator's handshake arrives first; start once the socket is open either way.
    stopAt = Date.now() + durationMs;
    for (let i = 0; i < inFlight; i++) send();
  });
}

/** Clients that listen on `/bench` and only count frames, so they cost the bench process little. */
export async function listeners(
  url: string,
  count: number,
): Promise<{ frames: () => number; close(): void }> {
  let frames = 0;
  const sockets = await Promise.all(
    Array.from({ length: count }, async () => {
      const ws = new WebSocket(url);
      await new Promise<void>((resolve, reject) => {
        ws.once('open', () => resolve());
        ws.once('error', reject);
      });
      const acked = new Promise<void>((resolve) => {
        ws.on('message', (data) => {
          frames++;
          if ((data as Buffer).toString().includes('"r":1')) resolve();
        });
      });
      ws.send(JSON.stringify({ t: 'd', d: { r: 1, a: 'q', b: { p: '/bench', h: '' } } }));
      await acked;
      return ws;
    }),
  );
  return { frames: () => frames, close: () => sockets.forEach((s) => s.close()) };
}
