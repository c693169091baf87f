// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  screenScripts,
  type BuiltAsset,
  type BuiltChunk,
} from '../../scripts/build/screen-scripts';

const chunk = (fileName: string, moduleIds: string[], imports: string[] = []): BuiltChunk => ({
  type: 'chunk',
  fileName,
  moduleIds,
  imports,
});

// An entry, a core chunk both screens import, one chunk per screen, a lazy chunk no screen
// imports statically, and a CSS asset.
const output: Array<BuiltChunk | BuiltAsset> = [
  chunk('assets/index.js', ['/s/main.tsx'], ['assets/runtime.js']),
  chunk('assets/runtime.js', []),
  chunk('assets/core.js', ['/s/bootstrap.tsx', '/s/router.tsx'], ['assets/runtime.js']),
  chunk('assets/login.js', ['/s/LoginPage.tsx'], ['assets/core.js', 'assets/form.js']),
  chunk('assets/form.js', ['/nm/formik.js'], ['assets/core.js']),
  chunk('assets/home.js', ['/s/HomePage.tsx', '/s/listeners.ts'], ['assets/core.js']),
  chunk('assets/lazy.js', ['/s/Settings.tsx'], ['assets/core.js', 'assets/form.js']),
  { type: 'asset', fileName: 'assets/index.css' },
];

describe('screenScripts', () => {
  it("takes the roots' chunks and everything they import statically, once each", () => {
    expect(screenScripts(output, ['/s/main.tsx', '/s/bootstrap.tsx', '/s/LoginPage.tsx'])).toEqual([
      'assets/core.js',
      'assets/form.js',
      'assets/index.js',
      'assets/login.js',
      'assets/runtime.js',
    ]);
  });

  it('leaves out chunks only a lazy import reaches', () => {
    const home = screenScripts(output, ['/s/main.tsx', '/s/HomePage.tsx', '/s/listeners.ts']);
    expect(home).toEqual([
      'assets/core.js',
      'assets/home.js',
      'assets/index.js',
      'assets/runtime.js',
    ]);
    expect(home).not.toContain('assets/lazy.js');
    expect(home).not.toContain('assets/form.js');
  });

  it('fails on a root no chunk holds, instead of measuring less', () => {
    expect(() => screenScripts(output, ['/s/Gone.tsx'])).toThrow(
      'no chunk of the build holds /s/Gone.tsx',
    );
  });
});
