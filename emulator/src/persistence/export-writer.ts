import { setImmediate as nextTurn } from 'node:timers/promises';
import { Branch, type DataNode, Leaf, type Priority } from '../data/node';
import type { TreeNode } from '../data/sorted-map';

/** An open object in the output: an in-order walk of its AVL tree of children. */
interface Frame {
  avl: TreeNode<DataNode>[];
  first: boolean;
  priority: Priority;
}

const BUFFER_BYTES = 1 << 16;
// Strings that JSON must escape (quotes, backslashes, control characters) or that UTF-8 cannot
// carry as they are (lone surrogates): those go through JSON.stringify, the rest are copied.
// eslint-disable-next-line no-control-regex
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/**
 * Export-format JSON into a reused buffer. Copying strings straight into it, rather than building
 * JSON strings and objects per node, keeps a big snapshot from flooding the garbage collector
 * (whose pauses the event loop would feel).
 */
class Sink {
  private buf = Buffer.allocUnsafe(BUFFER_BYTES);
  private pos = 0;

  constructor(private readonly out: (chunk: Buffer) => Promise<void>) {}

  get full(): boolean {
    return this.pos > BUFFER_BYTES / 2;
  }

  text(s: string): void {
    if (this.pos + 3 * s.length > BUFFER_BYTES) {
      this.pending.push(Buffer.from(this.buf.subarray(0, this.pos)), Buffer.from(s));
      this.buf = Buffer.allocUnsafe(BUFFER_BYTES);
      this.pos = 0;
      return;
    }
    this.pos += this.buf.write(s, this.pos);
  }

  string(s: string): void {
    if (NEEDS_ESCAPE.test(s)) this.text(JSON.stringify(s));
    else {
      this.text('"');
      this.text(s);
      this.text('"');
    }
  }

  primitive(v: string | number | boolean): void {
    if (typeof v === 'string') this.string(v);
    else this.text(String(v));
  }

  /** Big strings that did not fit, with what preceded them, in order. */
  private pending: Buffer[] = [];

  async flush(): Promise<void> {
    for (const b of this.pending) await this.out(b);
    this.pending = [];
    if (this.pos > 0) await this.out(this.buf.subarray(0, this.pos));
    this.pos = 0;
  }

  get mustFlush(): boolean {
    return this.full || this.pending.length > 0;
  }
}

function pushLeft(stack: TreeNode<DataNode>[], t: TreeNode<DataNode> | null): void {
  for (let cur = t; cur; cur = cur.left) stack.push(cur);
}

/**
 * Writes `root` as export-format JSON, in pieces, without holding the event loop for more than
 * about `sliceMs` at a time. The tree is immutable, so later commits cannot disturb the walk.
 * `out` must be done with a chunk when its promise resolves: the buffer is reused.
 */
export async function writeExport(
  root: DataNode,
  out: (chunk: Buffer) => Promise<void>,
  sliceMs: number,
): Promise<void> {
  const sink = new Sink(out);
  const stack: Frame[] = [];
  const value = (n: DataNode): void => {
    if (n instanceof Branch) {
      sink.text('{');
      const frame: Frame = { avl: [], first: true, priority: n.priority };
      pushLeft(frame.avl, n.children);
      stack.push(frame);
    } else if (n instanceof Leaf) {
      sink.text('{".value":');
      sink.primitive(n.value);
      sink.text(',".priority":');
      sink.primitive(n.priority);
      sink.text('}');
    } else if (n === null) sink.text('null');
    else sink.primitive(n);
  };
  value(root);
  let sliceStart = performance.now();
  let steps = 0;
  while (stack.length > 0) {
    const frame = stack[stack.length - 1];
    const t = frame.avl.pop();
    if (t) {
      pushLeft(frame.avl, t.right);
      if (!frame.first) sink.text(',');
      frame.first = false;
      sink.string(t.key);
      sink.text(':');
      value(t.value);
    } else {
      if (frame.priority !== null) {
        sink.text(frame.first ? '".priority":' : ',".priority":');
        sink.primitive(frame.priority);
      }
      sink.text('}');
      stack.pop();
    }
    if (sink.mustFlush) await sink.flush();
    if ((++steps & 63) === 0 && performance.now() - sliceStart >= sliceMs) {
      await nextTurn();
      sliceStart = performance.now();
    }
  }
  await sink.flush();
}
