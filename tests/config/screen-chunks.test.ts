// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { reachable, screenChunks } from '../../scripts/build/screen-chunks';

/** A module graph as rolldown's chunking context shows it: transformed code and import ids. */
function graph(modules: Partial<Record<string, { code: string; imports?: string[] }>>) {
  return {
    getModuleInfo(id: string) {
      const m = modules[id];
      return m ? { code: m.code, importedIds: m.imports ?? [] } : null;
    },
  };
}

const ctx = graph({
  '/s/main.tsx': { code: 'import { t } from "./strings";', imports: ['/s/strings.ts'] },
  '/s/strings.ts': { code: 'export const t = 1;' },
  '/s/boot.tsx': {
    code: 'import { t } from "./strings"; import { Badge } from "./feature";',
    imports: ['/s/strings.ts', '/s/feature/index.ts'],
  },
  // A barrel: the boot screen takes only Badge from it.
  '/s/feature/index.ts': {
    code: '/** docs */\nexport { Badge } from "./Badge";\nexport { Page } from "./Page";\n',
    imports: ['/s/feature/Badge.tsx', '/s/feature/Page.tsx'],
  },
  '/s/feature/Badge.tsx': { code: 'export const Badge = 1;' },
  '/s/feature/Page.tsx': {
    code: 'import { big } from "big-lib"; export const Page = big;',
    imports: ['/nm/big-lib/index.js'],
  },
  '/nm/big-lib/index.js': { code: 'export const big = 2;' },
  '/s/Login.tsx': {
    code: 'import { t } from "./strings"; import { shared } from "./shared";',
    imports: ['/s/strings.ts', '/s/shared.ts'],
  },
  '/s/shared.ts': { code: 'export const shared = 3;' },
  '/s/auth.ts': { code: 'import { sdk } from "sdk";', imports: ['/nm/sdk/index.js'] },
  '/nm/sdk/index.js': { code: 'export const sdk = 4;' },
  // The database gateways: their SDK, and a module home also imports.
  '/s/db.ts': {
    code: 'import { rtdb } from "rtdb"; import { Page } from "./feature/Page";',
    imports: ['/nm/rtdb/index.js', '/s/feature/Page.tsx'],
  },
  '/nm/rtdb/index.js': { code: 'export const rtdb = 5;' },
  '/s/Home.tsx': {
    code: 'import * as f from "./feature"; import { shared } from "./shared"; import { sdk } from "sdk";',
    imports: ['/s/feature/index.ts', '/s/shared.ts', '/nm/sdk/index.js'],
  },
});

describe('reachable', () => {
  it('follows a barrel only to the modules behind the names taken from it', () => {
    expect([...reachable(['/s/boot.tsx'], ctx)].sort()).toEqual([
      '/s/boot.tsx',
      '/s/feature/Badge.tsx',
      '/s/feature/index.ts',
      '/s/strings.ts',
    ]);
  });

  it("follows a feature's barrel through its folders' barrels, renamed names included", () => {
    const nested = graph({
      '/s/home.tsx': {
        code: 'import { jump } from "./chat";',
        imports: ['/s/chat/index.ts'],
      },
      '/s/chat/index.ts': {
        code: 'export { jumpTo as jump } from "./quotes";\nexport { List } from "./list";',
        imports: ['/s/chat/quotes/index.ts', '/s/chat/list/index.ts'],
      },
      '/s/chat/quotes/index.ts': {
        code: 'export { jumpTo } from "./thunks";\nexport { Quote } from "./Quote";',
        imports: ['/s/chat/quotes/thunks.ts', '/s/chat/quotes/Quote.tsx'],
      },
      '/s/chat/quotes/thunks.ts': { code: 'export const jumpTo = 1;' },
      '/s/chat/quotes/Quote.tsx': { code: 'export const Quote = 2;' },
      '/s/chat/list/index.ts': {
        code: 'export { List } from "./List";',
        imports: ['/s/chat/list/List.tsx'],
      },
      '/s/chat/list/List.tsx': { code: 'export const List = 3;' },
    });
    expect([...reachable(['/s/home.tsx'], nested)].sort()).toEqual([
      '/s/chat/index.ts',
      '/s/chat/quotes/index.ts',
      '/s/chat/quotes/thunks.ts',
      '/s/home.tsx',
    ]);
  });

  it('follows the whole barrel for a namespace import', () => {
    const seen = reachable(['/s/Home.tsx'], ctx);
    expect(seen.has('/s/feature/Page.tsx')).toBe(true);
    expect(seen.has('/nm/big-lib/index.js')).toBe(true);
  });

  it('skips ids the graph does not know', () => {
    expect([...reachable(['/s/missing.ts'], ctx)]).toEqual([]);
  });
});

describe('screenChunks', () => {
  const name = screenChunks({
    entry: ['/s/main.tsx'],
    core: ['/s/boot.tsx'],
    signedOut: ['/s/Login.tsx'],
    auth: ['/s/auth.ts'],
    signedIn: ['/s/Home.tsx'],
    database: ['/s/db.ts'],
  });
  const chunkOf = (id: string) => name(id, ctx);

  it('leaves the entry and signed-out-only modules to automatic splitting', () => {
    expect(chunkOf('/s/main.tsx')).toBeNull();
    expect(chunkOf('/s/strings.ts')).toBeNull();
    expect(chunkOf('/s/Login.tsx')).toBeNull();
  });

  it('puts what every screen runs, and what login shares with home, in core', () => {
    expect(chunkOf('/s/boot.tsx')).toBe('core');
    expect(chunkOf('/s/feature/Badge.tsx')).toBe('core');
    expect(chunkOf('/s/shared.ts')).toBe('core');
  });

  it('keeps the Auth SDK apart and the rest of home in signed-in', () => {
    expect(chunkOf('/s/auth.ts')).toBe('auth');
    expect(chunkOf('/nm/sdk/index.js')).toBe('auth');
    expect(chunkOf('/s/Home.tsx')).toBe('signed-in');
    expect(chunkOf('/s/feature/Page.tsx')).toBe('signed-in');
    expect(chunkOf('/nm/big-lib/index.js')).toBe('signed-in');
  });

  it('puts the database SDK and gateways in their own chunk, without what home shares', () => {
    expect(chunkOf('/s/db.ts')).toBe('database');
    expect(chunkOf('/nm/rtdb/index.js')).toBe('database');
    expect(chunkOf('/s/feature/Page.tsx')).toBe('signed-in');
  });
});
