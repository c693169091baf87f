/** RuleDataSnapshot: what `root`, `data` and `newData` are bound to in rule expressions. */
import type { DataView } from './contract';
import { describeValue, fail, ObjectSentinel, type Value } from './values';

// eslint-disable-next-line no-control-regex -- control characters are exactly what keys may not hold
const INVALID_KEY = /[.#$[\]\u0000-\u001f\u007f]/;

/** Splits the argument of `child()`/`hasChild()`; it may name a descendant several levels down. */
function childPathSegments(path: Value): string[] {
  if (typeof path !== 'string')
    return fail(`Expected a string path but got ${describeValue(path)}`);
  const segments = path.split('/').filter((segment) => segment !== '');
  if (segments.length === 0) return fail('Child path is empty');
  for (const segment of segments) {
    if (INVALID_KEY.test(segment)) fail(`Invalid key in child path: ${JSON.stringify(segment)}`);
  }
  return segments;
}

function descend(view: DataView, segments: readonly string[]): DataView {
  let current = view;
  for (const segment of segments) current = current.child(segment);
  return current;
}

export class RuleSnapshot {
  constructor(
    /** The root of the same tree, so that `parent()` can walk back down to the parent. */
    private readonly root: DataView,
    private readonly path: readonly string[],
    private readonly view: DataView,
  ) {}

  val(): Value {
    const leaf = this.view.leafValue();
    if (leaf !== null) return leaf;
    return this.view.exists() ? new ObjectSentinel() : null;
  }

  child(path: Value): RuleSnapshot {
    const segments = childPathSegments(path);
    return new RuleSnapshot(this.root, [...this.path, ...segments], descend(this.view, segments));
  }

  parent(): RuleSnapshot {
    if (this.path.length === 0) return fail('The root has no parent');
    const parentPath = this.path.slice(0, -1);
    return new RuleSnapshot(this.root, parentPath, descend(this.root, parentPath));
  }

  hasChild(path: Value): boolean {
    return descend(this.view, childPathSegments(path)).exists();
  }

  /** With no argument: whether there is any child. With keys: whether every one of them exists. */
  hasChildren(keys?: readonly Value[]): boolean {
    if (keys === undefined) return this.view.childKeys().length > 0;
    return keys.every((key) => this.hasChild(key));
  }

  exists(): boolean {
    return this.view.exists();
  }

  getPriority(): string | number | null {
    return this.view.priority();
  }

  isNumber(): boolean {
    return typeof this.view.leafValue() === 'number';
  }

  isString(): boolean {
    return typeof this.view.leafValue() === 'string';
  }

  isBoolean(): boolean {
    return typeof this.view.leafValue() === 'boolean';
  }
}
