import type { DataView } from '../rules/contract';
import { type DataNode, childKeys, getChild, leafValue, priorityOf } from './node';

/** The rules engine's read-only window onto one node of our tree. */
export class NodeView implements DataView {
  constructor(private readonly node: DataNode) {}

  child(key: string): DataView {
    return new NodeView(key === '.priority' ? null : getChild(this.node, key));
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
