/**
 * The SDK's WebSocket framing (docs/protocol.md, "Transport"): messages longer than 16 384 characters
 * travel as a decimal fragment count followed by that many fragments.
 */
const MAX_FRAME_CHARS = 16384;
/** Bounds what one hostile client can make us buffer. */
const MAX_MESSAGE_CHARS = 64 * 1024 * 1024;

class FramingError extends Error {
  override name = 'FramingError';
}

export class FrameAssembler {
  private remaining = 0;
  private parts: string[] = [];
  private length = 0;

  /** Returns a complete message, or null while fragments are pending (or for keepalives). */
  push(frame: string): string | null {
    if (this.remaining > 0) {
      this.length += frame.length;
      if (this.length > MAX_MESSAGE_CHARS) throw new FramingError('Message too large');
      this.parts.push(frame);
      this.remaining--;
      if (this.remaining > 0) return null;
      const message = this.parts.join('');
      this.parts = [];
      this.length = 0;
      return message;
    }
    if (frame.length <= 6 && /^\d+$/.test(frame)) {
      const count = Number(frame);
      // "0" is the client's keepalive.
      if (count === 0) return null;
      if (count * MAX_FRAME_CHARS > MAX_MESSAGE_CHARS * 2)
        throw new FramingError('Too many fragments');
      this.remaining = count;
      return null;
    }
    if (frame.length > MAX_MESSAGE_CHARS) throw new FramingError('Message too large');
    return frame;
  }
}

/** Splits an outgoing message; never produces an empty or count-only frame. */
export function encodeFrames(message: string): string[] {
  if (message.length <= MAX_FRAME_CHARS) return [message];
  const frames: string[] = [];
  let i = 0;
  while (i < message.length) {
    let end = Math.min(i + MAX_FRAME_CHARS, message.length);
    // Each frame is UTF-8 encoded on its own, so a surrogate pair must not be cut in half.
    const last = message.charCodeAt(end - 1);
    if (end < message.length && last >= 0xd800 && last <= 0xdbff) end--;
    frames.push(message.slice(i, end));
    i = end;
  }
  return [String(frames.length), ...frames];
}
