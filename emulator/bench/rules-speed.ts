import { compileRules } from '../src/rules/index';
import { typicalRenameRoots, typicalRules } from './typical-rules';

/** Microseconds per rules evaluation of a typical validated write and a read. */
export function rulesSpeed(runs = 50_000): { writeMicros: number; readMicros: number } {
  const rules = compileRules(JSON.stringify({ rules: typicalRules }));
  const auth = { uid: 'u1', provider: 'password', token: { sub: 'u1' } };
  const { root, newRoot } = typicalRenameRoots();
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
