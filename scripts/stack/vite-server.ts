/**
 * Vite in middleware mode behind an HTTP server of our own. A plain `createServer()` installs
 * its own SIGTERM and stdin 'end' listeners that call `process.exit()`, racing the launcher's
 * shutdown; in middleware mode the launcher alone decides when the process ends.
 */
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'vite';

export interface DevServer {
  close(): Promise<void>;
}

export async function startViteServer(options: {
  root: string;
  host: string;
  port: number;
}): Promise<DevServer> {
  const http = createHttpServer();
  const vite = await createServer({
    root: options.root,
    appType: 'spa',
    server: { middlewareMode: true, ws: { server: http } },
    logLevel: 'warn',
  });
  http.on('request', vite.middlewares);
  try {
    await new Promise<void>((resolve, reject) => {
      http.once('error', reject);
      http.listen(options.port, options.host, () => {
        http.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    await vite.close();
    throw err;
  }
  return {
    async close() {
      const closed = new Promise<void>((resolve) => http.close(() => resolve()));
      http.closeAllConnections();
      await Promise.allSettled([vite.close(), closed]);
    },
  };
}
