/**
 * A connection's outgoing WebSocket text frames, gathered for one turn of the event loop and
 * written to the TCP socket as one buffer. The bytes are those `ws` would send (RFC 6455: FIN,
 * text opcode, unmasked server frames, the shortest length form); only the work to produce them
 * is less. Going through `ws.send` cost, per message, a header buffer, two stream writes and the
 * stream's bookkeeping, then a `writev` that encoded each string chunk: a third of the emulator's
 * CPU per app send at 200 sends a second, more than the send's own rules and commit.
 */
import { encodeFrames } from './framing';

/** The part of a TCP socket the outbox uses. */
export interface FrameSocket {
  write(data: Buffer): unknown;
}

const FIN_TEXT = 0x81;

function headerLength(bytes: number): number {
  return bytes < 126 ? 2 : bytes < 65536 ? 4 : 10;
}

export class Outbox {
  private texts: string[] = [];
  private scheduled = false;

  /**
   * `canWrite` is asked at flush time: frames queued while the WebSocket was open but left
   * behind once it closes are dropped, as `ws.send` drops them after a close.
   */
  constructor(
    private readonly socket: FrameSocket,
    private readonly canWrite: () => boolean,
  ) {}

  /** Queues `message` (split into the SDK's fragments when long) for the end of this turn. */
  send(message: string): void {
    for (const frame of encodeFrames(message)) this.texts.push(frame);
    if (this.scheduled) return;
    this.scheduled = true;
    // Everything sent to this socket in one turn leaves in one TCP write: when requests queue
    // up from many sockets, each socket costs one write per turn, not one per request.
    setImmediate(() => this.flush());
  }

  /** Writes what is queued now (before a close frame, so that it stays behind the data). */
  flush(): void {
    this.scheduled = false;
    const texts = this.texts;
    if (texts.length === 0) return;
    this.texts = [];
    if (!this.canWrite()) return;
    const sizes = texts.map((t) => Buffer.byteLength(t, 'utf8'));
    let total = 0;
    for (const size of sizes) total += headerLength(size) + size;
    const out = Buffer.allocUnsafe(total);
    let at = 0;
    for (let i = 0; i < texts.length; i++) {
      const size = sizes[i];
      out[at++] = FIN_TEXT;
      if (size < 126) out[at++] = size;
      else if (size < 65536) {
        out[at++] = 126;
        at = out.writeUInt16BE(size, at);
      } else {
        out[at++] = 127;
        // Messages are capped far below 2^48 bytes: the upper two bytes of the length are zero.
        out.writeUInt16BE(0, at);
        at = out.writeUIntBE(size, at + 2, 6);
      }
      at += out.write(texts[i], at, size, 'utf8');
    }
    this.socket.write(out);
  }

  /** Forgets what is queued: the socket is being destroyed, as corked data was before. */
  discard(): void {
    this.texts = [];
  }
}
