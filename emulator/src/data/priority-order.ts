import { nameCompare } from './keys';
import { type DataNode, type Priority, priorityOf } from './node';

/** Priority ordering: no priority < numbers < strings, ties broken by key. */
function comparePriorities(a: Priority, b: Priority): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  if (typeof a === 'number') {
    if (typeof b === 'number') return a < b ? -1 : a > b ? 1 : 0;
    return -1;
  }
  if (typeof b === 'number') return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

export function comparePriorityEntries(a: [string, DataNode], b: [string, DataNode]): number {
  return comparePriorities(priorityOf(a[1]), priorityOf(b[1])) || nameCompare(a[0], b[0]);
}
