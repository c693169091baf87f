import type { DataView } from '../rules/contract';
import { type DataNode, childKeys, getChild, leafValue, priorityOf } from './node';

/**
 * The rules engine's read-only window onto one node of our tree. A request's rules look up the
 * same locations many times (`root.child('friendList/' + $conversationId + …)` in several rules, and
 * `parent()` walks down again from the root), so each view keeps the children it was asked for:
 * a second look-up is a map hit instead of a tree search. Views live for one request.
 */
export class NodeView implements DataView {
  private children: Map<string, NodeView> | undefined;

  constructor(private readonly node: DataNode) {}

  child(key: string): DataView {
    let view = this.children?.get(key);
    if (view === undefined) {
      view = new NodeView(key === '.priority' ? null : getChild(this.node, key));
      (this.children ??= new Map()).set(key, view);
    }
    return view;
  }
  exists(): boolean {
    return this.node !== null;
  }
  leafValue(): string | number | boolean | null {
    return leafValue(this.node);
  }
  childKeys(): string[] {
    return childKeys(this.node);
  }
  priority(): string | number | null {
    return priorityOf(this.node);
  }
}
