import { setImmediate as nextTurn } from 'node:timers/promises';
import { toJson } from '../data/json';
import { Branch, type DataNode, type Priority } from '../data/node';
import type { TreeNode } from '../data/sorted-map';

/** An open object in the output: an in-order walk of its AVL tree of children. */
interface Frame {
  avl: TreeNode<DataNode>[];
  first: boolean;
  priority: Priority;
}

const FLAT_LIMIT = 32;
// Small: the pending text is a rope of tiny strings, and a long rope survives (and slows) young GCs.
const CHUNK_CHARS = 1 << 16;

/** A branch small and shallow enough to stringify in one go (a message, a profile). */
function isFlat(n: Branch): boolean {
  if (n.children.size > FLAT_LIMIT) return false;
  const stack: (TreeNode<DataNode> | null)[] = [n.children];
  while (stack.length > 0) {
    const t = stack.pop();
    if (!t) continue;
    if (t.value instanceof Branch) return false;
    stack.push(t.left, t.right);
  }
  return true;
}

function pushLeft(stack: TreeNode<DataNode>[], t: TreeNode<DataNode> | null): void {
  for (let cur = t; cur; cur = cur.left) stack.push(cur);
}

/**
 * Writes `root` as export-format JSON, in pieces, without holding the event loop for more than
 * about `sliceMs` at a time. The tree is immutable, so later commits cannot disturb the walk.
 */
export async function writeExport(
  root: DataNode,
  write: (text: string) => Promise<void>,
  sliceMs: number,
): Promise<void> {
  const stack: Frame[] = [];
  let buf = '';
  const value = (n: DataNode): void => {
    if (n instanceof Branch && !isFlat(n)) {
      buf += '{';
      const frame: Frame = { avl: [], first: true, priority: n.priority };
      pushLeft(frame.avl, n.children);
      stack.push(frame);
    } else buf += JSON.stringify(toJson(n, true));
  };
  value(root);
  let sliceStart = performance.now();
  let steps = 0;
  while (stack.length > 0) {
    const frame = stack[stack.length - 1];
    const t = frame.avl.pop();
    if (t) {
      pushLeft(frame.avl, t.right);
      buf += `${frame.first ? '' : ','}${JSON.stringify(t.key)}:`;
      frame.first = false;
      value(t.value);
    } else {
      if (frame.priority !== null)
        buf += `${frame.first ? '' : ','}".priority":${JSON.stringify(frame.priority)}`;
      buf += '}';
      stack.pop();
    }
    if (buf.length >= CHUNK_CHARS) {
      await write(buf);
      buf = '';
    }
    if ((++steps & 31) === 0 && performance.now() - sliceStart >= sliceMs) {
      await nextTurn();
      sliceStart = performance.now();
    }
  }
  if (buf) await write(buf);
}
