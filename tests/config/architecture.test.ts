// @vitest-environment node
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import {
  crowdedFolders,
  facePassings,
  importCircles,
  importGraph,
  namingProblems,
  sdkInShapes,
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
        'lib/firebase/conversations/gateway.ts',
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

  it("finds an import past a sub-domain folder's index.ts, but not a lazy one or a test fake", () => {
    const passings = facePassings([
      file('features/chat/composer/Composer.tsx', './draft', '../list'),
      file('features/chat/composer/draft.ts'),
      file('features/chat/list/index.ts', './List'),
      file('features/chat/list/List.tsx', '../composer/draft'),
      file('features/chat/index.ts', './composer/Composer', './list'),
      {
        path: 'app/routes.tsx',
        text: "const C = lazy(() => import('../features/chat/list/List'));",
      },
      file('testing/fakes.ts', '../features/chat/composer/draft'),
      file('lib/firebase/inbox/index.ts', './gateway'),
      file('lib/firebase/inbox/gateway.ts'),
      file('lib/firebase/inbox/shapes.ts', './entry'),
      file('lib/firebase/inbox/entry.ts'),
      file(
        'features/chat/list/row.ts',
        '../../../lib/firebase/inbox/shapes',
        '../../../lib/firebase/inbox/entry',
      ),
    ]);
    expect(passings).toEqual([
      'features/chat/list/List.tsx -> features/chat/composer/draft.ts',
      'features/chat/index.ts -> features/chat/composer/Composer.tsx',
      'features/chat/list/row.ts -> lib/firebase/inbox/entry.ts',
    ]);
  });

  it('finds a folder of more than 30 modules', () => {
    const many = (folder: string, count: number) =>
      Array.from({ length: count }, (_, i) => `${folder}/m${i}.ts`);
    expect(
      crowdedFolders([...many('features/chat', 31), ...many('features/chat/list', 30)]),
    ).toEqual(['src/features/chat: 31 modules, more than 30']);
  });

  it("finds a gateway's shapes.ts that loads the SDK, through value imports only", () => {
    const files = [
      { path: 'lib/firebase/inbox/shapes.ts', text: "export { entry } from './entry';" },
      { path: 'lib/firebase/inbox/entry.ts', text: "import { live } from '../database';" },
      {
        path: 'lib/firebase/database.ts',
        text: "import { getDatabase } from 'firebase/database';",
      },
      { path: 'lib/firebase/chat/shapes.ts', text: "import type { Db } from '../database';" },
    ];
    expect(sdkInShapes(files)).toEqual([
      'src/lib/firebase/inbox/shapes.ts loads the SDK through src/lib/firebase/database.ts',
    ]);
  });

  it('finds a feature docs/architecture.md does not list', () => {
    const doc = 'The `features/inbox` owns the list; `features/inboxes` is another.';
    expect(undocumentedFeatures(['inbox', 'groups'], doc)).toEqual([
      'docs/architecture.md does not list features/groups',
    ]);
  });
});

describe('the sub-domain boundary lint rule', () => {
  it("refuses an import past a folder's index.ts, and allows the index and a gateway's shapes", async () => {
    const probe = join(repoRoot, 'src/features/inbox/boundary-probe.ts');
    writeFileSync(
      probe,
      [
        "import { MessageList } from '../conversations/message-list/MessageList';",
        "import { Composer } from '../conversations';",
        "import { parseInbox } from '../../lib/firebase/inbox/entry';",
        "import { totalUnread } from '../../lib/firebase/inbox/shapes';",
        'export const all = [MessageList, Composer, parseInbox, totalUnread];',
        '',
      ].join('\n'),
    );
    try {
      const [result] = await new ESLint({ cwd: repoRoot }).lintFiles([probe]);
      const messages = result.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths');
      // Line 1 breaks the feature's boundary and its sub-folder's: each rule says so.
      expect([...new Set(messages.map((m) => m.line))]).toEqual([1, 3]);
      expect(messages.find((m) => m.line === 3)?.message).toContain(
        'or its stored shapes from shapes.ts',
      );
    } finally {
      rmSync(probe, { force: true });
    }
  }, 120_000);
});

describe('the slice ownership lint rule', () => {
  it("refuses a feature reading another feature's state, and allows its own", async () => {
    const probe = join(repoRoot, 'src/features/inbox/lint-probe.ts');
    writeFileSync(
      probe,
      [
        "import type { RootState } from '../../store/store';",
        'export const foreign = (state: RootState) => state.conversations.conversationId;',
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
