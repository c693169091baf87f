import { viewFromJson } from '../src/rules/index';

/**
 * A typical app rule set (owner-only users with validated fields) and a write it allows:
 * what `npm run bench:emulator` times, and what the engine's tests check it decides right.
 */
export const typicalRules = {
  users: {
    $uid: {
      '.read': 'auth != null && auth.uid == $uid',
      '.write': 'auth != null && auth.uid == $uid',
      '.validate': "newData.hasChildren(['name', 'email'])",
      name: { '.validate': 'newData.isString() && newData.val().length <= 15' },
      email: { '.validate': 'newData.val().matches(/^[^@]+@[^@]+$/)' },
      $other: { '.validate': false },
    },
  },
};

/** User u1 renames themselves: the data before and after. */
export function typicalRenameRoots() {
  return {
    root: viewFromJson({ users: { u1: { name: 'Old', email: 'o@x' } } }),
    newRoot: viewFromJson({ users: { u1: { name: 'New', email: 'n@x' } } }),
  };
}
