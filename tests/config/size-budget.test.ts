// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { budgets, budgetText, checkBudgets } from '../../scripts/bench/budgets';
import type { ScriptSet } from '../../scripts/bench/scripts-size';

const set = (...gzips: number[]): ScriptSet => ({
  chunks: gzips.map((gzip, i) => ({ file: `assets/chunk-${String(i)}.js`, raw: gzip * 3, gzip })),
  raw: gzips.reduce((a, b) => a + b * 3, 0),
  gzip: gzips.reduce((a, b) => a + b, 0),
  unmatched: [],
});

describe('the per-screen JavaScript budgets', () => {
  it("holds the issue's figures: login 140 kB, home 190 kB gzipped", () => {
    expect(budgets).toEqual({ login: 140 * 1024, home: 190 * 1024 });
  });

  it('fails a screen one byte over its budget and passes one at it', () => {
    const lines = checkBudgets({
      login: set(budgets.login - 100, 100),
      home: set(budgets.home - 1000, 1001),
    });
    expect(lines.map((l) => [l.screen, l.over])).toEqual([
      ['login', false],
      ['home', true],
    ]);
    expect(budgetText(lines[1])).toMatch(/^home: .* OVER BUDGET$/);
    expect(budgetText(lines[0])).not.toContain('OVER');
  });
});
