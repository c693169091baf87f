import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** True when nothing listens on host:port (we can bind it ourselves). */
export function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/**
 * Where the OS takes the local ports of outgoing connections (Linux's default when it cannot be
 * read): a port picked from there can be taken by any connection before the server binds it,
 * which is how two stacks started at once came to fail with 'port taken'.
 */
function ephemeralRange(): [number, number] {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    if (low > 0 && high >= low) return [low, high];
  } catch {
    // Not Linux: its default range is used.
  }
  return [32768, 60999];
}

/**
 * A port free right now, from below the OS's range for outgoing connections (from 10000), so
 * only another server can take it before it is bound; tried at random, then any free one.
 */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  const [low] = ephemeralRange();
  const from = 10_000;
  if (low - from > 1000) {
    for (let tries = 0; tries < 50; tries++) {
      const port = from + Math.floor(Math.random() * (low - from));
      if (await isPortFree(port, host)) return port;
    }
  }
  return anyFreePort(host);
}

/** Any port the OS considers free right now (it picks one from its ephemeral range). */
function anyFreePort(host: string): Promise<number> {
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
