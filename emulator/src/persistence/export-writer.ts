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
/** Characters of a long string written between two chances to pause. */
const STRING_PIECE = 1 << 13;
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

  /** A string's contents without the quotes, escaped as JSON requires. */
  stringBody(s: string): void {
    this.text(NEEDS_ESCAPE.test(s) ? JSON.stringify(s).slice(1, -1) : s);
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
  let sliceStart = performance.now();
  const pause = async (): Promise<void> => {
    if (sink.mustFlush) await sink.flush();
    if (performance.now() - sliceStart >= sliceMs) {
      await nextTurn();
      sliceStart = performance.now();
    }
  };
  // A long string (up to 10 MB) goes out in pieces, with pauses between them: escaping or
  // copying it in one go held the loop for over 100 ms. JSON.stringify of a piece that splits a
  // surrogate pair escapes both halves, which JSON.parse joins again.
  const longString = async (str: string): Promise<void> => {
    sink.text('"');
    for (let at = 0; at < str.length; at += STRING_PIECE) {
      sink.stringBody(str.slice(at, at + STRING_PIECE));
      await pause();
    }
    sink.text('"');
  };
  const isLong = (v: unknown): v is string => typeof v === 'string' && v.length > STRING_PIECE;
  const value = (n: DataNode): Promise<void> | undefined => {
    if (n instanceof Branch) {
      sink.text('{');
      const frame: Frame = { avl: [], first: true, priority: n.priority };
      pushLeft(frame.avl, n.children);
      stack.push(frame);
    } else if (n instanceof Leaf) {
      sink.text('{".value":');
      const rest = (): void => {
        sink.text(',".priority":');
        sink.primitive(n.priority);
        sink.text('}');
      };
      if (isLong(n.value)) return longString(n.value).then(rest);
      sink.primitive(n.value);
      rest();
    } else if (n === null) sink.text('null');
    else if (isLong(n)) return longString(n);
    else sink.primitive(n);
    return undefined;
  };
  await value(root);
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
      const long = value(t.value);
      if (long) await long;
    } else {
      if (frame.priority !== null) {
        sink.text(frame.first ? '".priority":' : ',".priority":');
        sink.primitive(frame.priority);
      }
      sink.text('}');
      stack.pop();
    }
    if (sink.mustFlush) await sink.flush();
    if ((++steps & 15) === 0 && performance.now() - sliceStart >= sliceMs) {
      await nextTurn();
      sliceStart = performance.now();
    }
  }
  await sink.flush();
}
