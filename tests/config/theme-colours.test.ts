// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import config from '../../tailwind.config';
import { repoRoot } from '../../scripts/stack/paths';

/** Every `brand-N` shade a class in src/ names (a missing shade makes no CSS: no ring, no border). */
function brandShadesUsed(): Set<string> {
  const src = join(repoRoot, 'src');
  const shades = new Set<string>();
  for (const name of readdirSync(src, { recursive: true, encoding: 'utf8' })) {
    if (!/\.(tsx?|css)$/.test(name)) continue;
    for (const m of readFileSync(join(src, name), 'utf8').matchAll(/\bbrand-(\d+)\b/g))
      shades.add(m[1]);
  }
  return shades;
}

describe('the theme', () => {
  it('defines every brand shade the app uses', () => {
    const defined = Object.keys(config.theme.extend.colors.brand);
    const used = brandShadesUsed();
    expect(used.size).toBeGreaterThan(3);
    expect([...used].filter((shade) => !defined.includes(shade))).toEqual([]);
  });
});
