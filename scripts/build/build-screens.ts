/**
 * One production build into `outDir`, and the JavaScript files each budgeted screen loads
 * (scripts/build/screen-scripts.ts). Shared by the budget check and the browser suite's build.
 */
import { build, type InlineConfig } from 'vite';
import { budgetedScreens } from './screen-roots';
import { screenScripts, type BuiltAsset, type BuiltChunk } from './screen-scripts';

export type ScreenFiles = Record<keyof typeof budgetedScreens, string[]>;

export async function buildWithScreens(config: InlineConfig): Promise<ScreenFiles> {
  const result = await build(config);
  const outputs = Array.isArray(result) ? result : [result];
  const output: Array<BuiltChunk | BuiltAsset> = [];
  for (const item of outputs) {
    if (!('output' in item)) throw new Error('the build ran in watch mode');
    output.push(...(item.output as Array<BuiltChunk | BuiltAsset>));
  }
  return {
    login: screenScripts(output, budgetedScreens.login),
    home: screenScripts(output, budgetedScreens.home),
  };
}
