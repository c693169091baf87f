// @vitest-environment node
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import {
  importCircles,
  importGraph,
  namingProblems,
  undocumentedFeatures,
  upwardArrows,
} from '../../scripts/check/architecture';
import { repoRoot } from '../../scripts/stack/paths';

const file = (path: string, ...imports: string[]) => ({
  path,
  text: imports.map((spec) => `import type { X } from '${spec}';`).join('\n'),
});

describe('the architecture check', () => {
  it('finds an import circle, type imports included', () => {
    const graph = importGraph([
      file('features/a/a.ts', '../b'),
      file('features/b/index.ts', '../a/a'),
      file('features/c/c.ts', '../a/a'),
    ]);
    expect(importCircles(graph)).toEqual([['features/a/a.ts', 'features/b/index.ts']]);
    expect(importCircles(importGraph([file('lib/x.ts', './y'), file('lib/y.ts')]))).toEqual([]);
  });

  it('finds an import pointing up the layers', () => {
    const graph = importGraph([
      file('store/store.ts', '../features/chat/chat-slice'),
      file('features/chat/chat-slice.ts', '../../app/slices'),
      file('app/slices.ts', '../features/chat/chat-slice'),
      file('testing/render.tsx', '../app/slices'),
    ]);
    expect(upwardArrows(graph)).toEqual([
      'store/store.ts -> features/chat/chat-slice.ts',
      'features/chat/chat-slice.ts -> app/slices.ts',
    ]);
  });

  it('finds files named after no domain, or against the convention', () => {
    const problems = namingProblems(
      [
        'features/inbox/inbox-slice.ts',
        'features/inbox/chat-slice.ts',
        'features/inbox/ConversationList.tsx',
        'features/inbox/conversation_time.ts',
        'features/messages/index.ts',
        'lib/firebase/conversations.ts',
        'lib/firebase/messages.ts',
        'lib/firebase/database.ts',
      ],
      { integration: ['inbox.test.ts', 'group-chat.test.ts'], e2e: ['app-smoke.test.ts'] },
    );
    expect(problems).toEqual([
      expect.stringContaining('src/features/inbox/chat-slice.ts'),
      expect.stringContaining('src/features/inbox/conversation_time.ts'),
      expect.stringContaining('src/lib/firebase/messages.ts'),
      expect.stringContaining('src/features/messages: a feature folder is a domain'),
      expect.stringContaining('tests/integration/group-chat.test.ts'),
    ]);
  });

  it('finds a feature docs/architecture.md does not list', () => {
    const doc = 'The `features/inbox` owns the list; `features/inboxes` is another.';
    expect(undocumentedFeatures(['inbox', 'groups'], doc)).toEqual([
      'docs/architecture.md does not list features/groups',
    ]);
  });
});

describe('the slice ownership lint rule', () => {
  it("refuses a feature reading another feature's state, and allows its own", async () => {
    const probe = join(repoRoot, 'src/features/inbox/lint-probe.ts');
    writeFileSync(
      probe,
      [
        "import type { RootState } from '../../store/store';",
        'export const foreign = (state: RootState) => state.conversations.relId;',
        'export const own = (state: RootState) => state.inbox.status;',
        'export const hidden = ({ conversations }: RootState) => conversations.kind;',
        '',
      ].join('\n'),
    );
    try {
      const [result] = await new ESLint({ cwd: repoRoot }).lintFiles([probe]);
      const messages = result.messages.filter((m) => m.ruleId === 'local/no-foreign-slice-state');
      expect(messages.map((m) => m.line)).toEqual([2, 4]);
      expect(messages[0].message).toContain("reads `conversations`, the conversations feature's");
    } finally {
      rmSync(probe, { force: true });
    }
  }, 120_000);
});
