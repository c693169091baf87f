import { compileRules, viewFromJson } from '../src/rules/index';

/** Microseconds per rules evaluation of a typical validated write and a read. */
export function rulesSpeed(runs = 50_000): { writeMicros: number; readMicros: number } {
  const rules = compileRules(
    JSON.stringify({
      rules: {
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
      },
    }),
  );
  const auth = { uid: 'u1', provider: 'password', token: { sub: 'u1' } };
  const root = viewFromJson({ users: { u1: { name: 'Old', email: 'o@x' } } });
  const newRoot = viewFromJson({ users: { u1: { name: 'New', email: 'n@x' } } });
  const write = { paths: [['users', 'u1']], root, newRoot, auth, now: 0 };
  const read = { path: ['users', 'u1'], root, auth, query: null, now: 0 };
  const time = (fn: () => unknown): number => {
    const start = performance.now();
    for (let i = 0; i < runs; i++) fn();
    return ((performance.now() - start) * 1000) / runs;
  };
  return {
    writeMicros: time(() => rules.canWrite(write)),
    readMicros: time(() => rules.canRead(read)),
  };
}
