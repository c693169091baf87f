import type { Page, WebSocketRoute } from 'playwright-core';

/** A WebSocket frame, and which side sent it. */
type Frame = { message: string | Buffer; from: 'page' | 'server' };

/**
 * Takes a signed-in page offline and back, for real. `context.setOffline` alone fails HTTP but
 * not WebSockets (crbug 563644, microsoft/playwright#4910): the database SDK drops its socket on
 * the browser's 'offline' event, then reconnects by WebSocket within a second and delivers
 * anything "offline" at once. So every WebSocket goes through a route: while offline a new one
 * is closed at once (the SDK keeps its writes queued and retries later), open ones are cut.
 * Call before `offline()`; only sockets opened after this call are routed, and the SDK opens a
 * new one when the 'offline' event makes it drop its current socket.
 *
 * `onMessage` sees every frame of a routed socket, both ways, and passes it on by returning
 * true (false drops it: an answer the server sent that the page never hears).
 */
export async function offlineSwitch(
  page: Page,
  { onMessage }: { onMessage?: (frame: Frame) => boolean } = {},
) {
  let offline = false;
  const open = new Set<WebSocketRoute>();
  await page.routeWebSocket(
    () => true,
    (socket) => {
      if (offline) {
        void socket.close();
        return;
      }
      open.add(socket);
      const server = socket.connectToServer();
      // Without handlers, Playwright passes every frame on by itself.
      if (onMessage) {
        socket.onMessage((message) => {
          if (onMessage({ message, from: 'page' })) server.send(message);
        });
        server.onMessage((message) => {
          if (onMessage({ message, from: 'server' })) socket.send(message);
        });
      }
      socket.onClose(() => open.delete(socket));
    },
  );
  return {
    /** Offline: the page says so ('offline' event) and no socket reaches the server. */
    async offline(): Promise<void> {
      offline = true;
      await page.context().setOffline(true);
      await Promise.all([...open].map((socket) => socket.close()));
      open.clear();
    },
    /** Online again: the SDK reconnects on the 'online' event and sends what it queued. */
    async online(): Promise<void> {
      offline = false;
      await page.context().setOffline(false);
    },
    /** Whether the page is offline now (for routes of its own: requests fail meanwhile). */
    isOffline: () => offline,
  };
}
