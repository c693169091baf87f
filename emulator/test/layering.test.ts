import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import layers from '../eslint-layers.js';

const eslint = new ESLint({
  cwd: `${import.meta.dirname}/../..`,
  overrideConfigFile: true,
  overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } }, ...layers],
});

/** The layering messages ESLint reports for `source` placed at `file`. */
async function violations(file: string, source: string): Promise<string[]> {
  const results = await eslint.lintText(source, { filePath: file });
  return results.flatMap((r) => r.messages.map((m) => m.message));
}

describe('the emulator layering rule (eslint-layers.js)', () => {
  it('refuses imports that run upwards, type-only ones included', async () => {
    const cases: [string, string][] = [
      ['emulator/src/db/listens.ts', "import { handleRequest } from '../protocol/handlers';"],
      ['emulator/src/db/listens.ts', "import type { RestRequest } from '../rest/request';"],
      ['emulator/src/data/node.ts', "import type { Namespace } from '../db/namespace';"],
      ['emulator/src/data/node.ts', "import { compileRules } from '../rules/index';"],
      ['emulator/src/transport/framing.ts', "import { fromJson } from '../data/json';"],
      ['emulator/src/query/spec.ts', "import { parse } from '../rules/parser';"],
      ['emulator/src/rest/router.ts', "import { Connection } from '../protocol/connection';"],
      ['emulator/src/protocol/handlers.ts', "import { handleData } from '../rest/data-endpoint';"],
      ['emulator/src/db/registry.ts', "import { startEmulator } from '../server';"],
      ['emulator/src/rules/contract.ts', "import type { DataNode } from '../data/node';"],
    ];
    for (const [file, source] of cases) {
      expect(await violations(file, source), `${file}: ${source}`).toHaveLength(1);
    }
  });

  it('allows imports of the same layer, of lower layers and of the rules contract', async () => {
    const cases: [string, string][] = [
      ['emulator/src/protocol/connection.ts', "import { handleRequest } from './handlers';"],
      ['emulator/src/rest/data-endpoint.ts', "import { executeWrite } from '../db/writes';"],
      ['emulator/src/db/namespace.ts', "import type { CompiledRules } from '../rules/contract';"],
      ['emulator/src/data/view.ts', "import type { DataView } from '../rules/contract';"],
      ['emulator/src/persistence/x.ts', "import type { Namespace } from '../db/namespace';"],
      ['emulator/src/server.ts', "import { handleHttp } from './rest/router';"],
    ];
    for (const [file, source] of cases) {
      expect(await violations(file, source), `${file}: ${source}`).toEqual([]);
    }
  });
});
