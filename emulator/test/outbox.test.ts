import * as ws from 'ws';
import { describe, expect, it } from 'vitest';
import { encodeFrames } from '../src/transport/framing';
import { Outbox } from '../src/transport/outbox';

/** ws's own framing (not in its type definitions), what `ws.send` puts on a server's wire. */
const frame = (ws as unknown as { Sender: { frame: (d: Buffer, o: object) => Buffer[] } }).Sender
  .frame;
const options = { fin: true, opcode: 1, mask: false, readOnly: false, rsv1: false };

function wsBytes(frames: string[]): Buffer {
  return Buffer.concat(frames.flatMap((f) => frame(Buffer.from(f, 'utf8'), options)));
}

function collect(open = true): { outbox: Outbox; written: Buffer[] } {
  const written: Buffer[] = [];
  const outbox = new Outbox({ write: (b: Buffer) => written.push(b) }, () => open);
  return { outbox, written };
}

describe('outbox', () => {
  it('writes the frames ws would send, every length form, in one write per turn', async () => {
    const messages = [
      '',
      'x'.repeat(125),
      'é'.repeat(63),
      'y'.repeat(126),
      '€'.repeat(16_000),
      'z'.repeat(70_000),
      '😀'.repeat(9_000),
    ];
    const { outbox, written } = collect();
    for (const m of messages) outbox.send(m);
    expect(written).toHaveLength(0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(written).toHaveLength(1);
    expect(written[0].equals(wsBytes(messages.flatMap((m) => encodeFrames(m))))).toBe(true);
  });

  it('writes what is queued on flush, and nothing once the socket is closed or discarded', async () => {
    const { outbox, written } = collect();
    outbox.send('a');
    outbox.flush();
    expect(written.map((b) => b.toString('latin1'))).toEqual(['\x81\x01a']);
    outbox.send('b');
    outbox.discard();
    await new Promise((resolve) => setImmediate(resolve));
    expect(written).toHaveLength(1);
    const closed = collect(false);
    closed.outbox.send('c');
    await new Promise((resolve) => setImmediate(resolve));
    expect(closed.written).toHaveLength(0);
  });
});
