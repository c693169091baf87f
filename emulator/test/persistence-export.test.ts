import { describe, expect, it } from 'vitest';
import { fromJson, toJson } from '../src/data/json';
import type { DataNode } from '../src/data/node';
import { writeExport } from '../src/persistence/export-writer';

async function exported(root: DataNode): Promise<string> {
  const chunks: Buffer[] = [];
  // Copies: the writer reuses its buffer once a chunk's promise resolves.
  await writeExport(root, (c) => Promise.resolve(void chunks.push(Buffer.from(c))), 1);
  return Buffer.concat(chunks).toString('utf8');
}

/** A deterministic pseudo-random tree mixing every kind of value the snapshot must keep. */
function sampleTree(seed: number, depth: number): unknown {
  let x = seed;
  const rand = (n: number): number => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x % n;
  };
  const strings = [
    'plain',
    'quote " and \\ back',
    'tab\tnew\nline\u0001',
    'emoji 😀 ok',
    'lone \ud800 half',
    'é ü 中文',
  ];
  const leaf = (): unknown => {
    switch (rand(5)) {
      case 0:
        return strings[rand(strings.length)];
      case 1:
        return rand(2) === 0 ? -rand(1000) / 7 : 1e21 + rand(10);
      case 2:
        return rand(2) === 0;
      case 3:
        return { '.value': strings[rand(strings.length)], '.priority': rand(50) };
      default:
        return 'x'.repeat(rand(3) * 30_000); // some over the writer's buffer
    }
  };
  const node = (d: number): unknown => {
    if (d === 0 || rand(4) === 0) return leaf();
    const out: Record<string, unknown> = {};
    const n = 1 + rand(40);
    for (let i = 0; i < n; i++) {
      const key =
        rand(3) === 0
          ? String(rand(100))
          : `k "${rand(1000)}" ${strings[rand(strings.length)].slice(0, 5)}`;
      // eslint-disable-next-line no-control-regex
      out[key.replace(/[.#$/[\]\u0000-\u001f\u007f]/g, '_')] = node(d - 1);
    }
    if (rand(3) === 0) out['.priority'] = rand(2) === 0 ? rand(9) : 'p';
    return out;
  };
  return node(depth);
}

describe('snapshot export writer', () => {
  it.each([1, 2, 3, 4])(
    'writes JSON that loads back to the same tree (sample %i)',
    async (seed) => {
      const root = fromJson(sampleTree(seed, 4));
      const text = await exported(root);
      expect(toJson(fromJson(JSON.parse(text)), true)).toEqual(toJson(root, true));
    },
  );

  it('writes primitives, prioritised leaves and the empty tree', async () => {
    expect(await exported(null)).toBe('null');
    expect(await exported(fromJson('a"b'))).toBe('"a\\"b"');
    expect(JSON.parse(await exported(fromJson({ '.value': 3, '.priority': 'p' })))).toEqual({
      '.value': 3,
      '.priority': 'p',
    });
  });

  it('writes long strings in pieces that load back whole, even when a piece splits an emoji', async () => {
    // Pieces are 8192 characters: an emoji at every odd offset lands one across every boundary.
    const unit = 'a😀"\\\n';
    const long = `${unit.repeat(5000)}x${'é'.repeat(20_000)}\ud800 end`;
    const root = fromJson({
      plain: 'y'.repeat(100_000),
      escaped: long,
      prioritised: { '.value': long, '.priority': 2 },
    });
    const back = JSON.parse(await exported(root)) as Record<string, unknown>;
    expect(back.plain).toBe('y'.repeat(100_000));
    expect(back.escaped).toBe(long);
    expect(back.prioritised).toEqual({ '.value': long, '.priority': 2 });
    expect(JSON.parse(await exported(fromJson(long)))).toBe(long);
  });
});
