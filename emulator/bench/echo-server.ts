// The ceiling for the write benchmark: a bare WebSocket server that echoes every frame back.
import { WebSocketServer } from 'ws';

const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
wss.on('connection', (ws) => {
  ws.on('message', (data, isBinary) => ws.send(data, { binary: isBinary }));
});
wss.on('listening', () => {
  const address = wss.address();
  const port = typeof address === 'string' || address === null ? 0 : address.port;
  console.log(`listening on 127.0.0.1:${port}`);
});
process.on('SIGTERM', () => wss.close(() => process.exit(0)));
