import { createServer } from 'node:net';

/** True when nothing listens on host:port (we can bind it ourselves). */
export function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/** A port the OS considers free right now. */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export class PortBusyError extends Error {
  override name = 'PortBusyError';
}

export async function assertPortsFree(entries: Array<{ port: number; what: string; env: string }>) {
  for (const { port, what, env } of entries) {
    if (!(await isPortFree(port))) {
      throw new PortBusyError(
        `Port ${port} (${what}) is already in use. Stop whatever uses it (see \`lsof -i :${port}\`), ` +
          `or pick another port with ${env}=<port>.`,
      );
    }
  }
}

export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch {
      // Not up yet: keep polling until the deadline.
    }
    if (Date.now() > deadline) throw new Error(`${what} did not become ready in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
