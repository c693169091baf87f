/**
 * The JavaScript files a screen loads, read from a build's own output: the chunks holding the
 * screen's root modules (scripts/build/screen-roots.ts) and every chunk they import statically.
 * The browser suite checks this against what Chromium loads (tests/e2e/app-size.test.ts), so
 * the budget check (scripts/size-budget.ts) can measure a build without a browser.
 */

/** The parts of a Rolldown/Rollup output chunk this reads. */
export interface BuiltChunk {
  type: 'chunk';
  fileName: string;
  moduleIds: string[];
  imports: string[];
}

export interface BuiltAsset {
  type: 'asset';
  fileName: string;
}

export function screenScripts(
  output: ReadonlyArray<BuiltChunk | BuiltAsset>,
  roots: string[],
): string[] {
  const chunks = output.filter((item): item is BuiltChunk => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const files = new Set<string>();
  const visit = (chunk: BuiltChunk) => {
    if (files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const file of chunk.imports) {
      const imported = byFile.get(file);
      if (imported) visit(imported);
    }
  };
  for (const root of roots) {
    const chunk = chunks.find((c) => c.moduleIds.includes(root));
    if (!chunk) throw new Error(`no chunk of the build holds ${root}`);
    visit(chunk);
  }
  return [...files].sort();
}
