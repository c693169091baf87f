/**
 * The signed-out screens as HTML at build time (vite.config.ts): after the browser bundle is
 * written, a server build of src/prerender/render.tsx renders `/` and `/login` with the app's own
 * tree, and each becomes a page holding that markup, the CSS it uses inline, and the inline
 * script of src/prerender/inline-script.ts; the app hydrates it (src/app/bootstrap.tsx).
 *   dist/index.html  `/` (registration)      dist/login.html  `/login`
 *   dist/app.html    the empty shell, for every other route (the host's fallback)
 * The full stylesheet follows the markup, so it no longer holds up the first paint; #root is
 * shown once it has been parsed whole (no partial page that would shift as the rest arrives).
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig, type Rolldown } from 'vite';
import { beforeHydrationScript, hiddenRootCss } from '../../src/prerender/inline-script.ts';
import { normalPath, PRERENDERED_ATTR } from '../../src/prerender/markers.ts';
import { criticalCss } from './critical-css.ts';

/** The page file of each prerendered route, and the shell every other route gets. */
export const prerenderedPages: Record<string, string> = {
  '/': 'index.html',
  '/login': 'login.html',
};
export const shellPage = 'app.html';

interface RenderModule {
  renderRoute(path: string): Promise<string>;
  prerenderedRoutes: Array<{ path: string; title: string }>;
}

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('"', '&quot;');

/** Renders the routes with a server build of `entry` (kept inside node_modules to resolve them). */
async function renderRoutes(config: ResolvedConfig, entry: string) {
  const outDir = join(config.root, 'node_modules', '.prerender', String(process.pid));
  try {
    await build({
      configFile: false,
      root: config.root,
      mode: config.mode,
      envDir: config.envDir,
      logLevel: 'warn',
      plugins: [react()],
      build: { ssr: entry, outDir, emptyOutDir: true, sourcemap: false, minify: false },
    });
    const render = (await import(pathToFileURL(join(outDir, 'render.js')).href)) as RenderModule;
    const pages = [];
    for (const route of render.prerenderedRoutes) {
      pages.push({ ...route, markup: await render.renderRoute(route.path) });
    }
    return pages;
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** modulepreload links for the chunks holding `moduleFile` and what they import. */
function screenPreloads(bundle: Rolldown.OutputBundle, moduleFile: string, shell: string) {
  const byName = new Map(Object.values(bundle).map((item) => [item.fileName, item]));
  const holder = Object.values(bundle).find(
    (item) => item.type === 'chunk' && item.moduleIds.includes(moduleFile),
  );
  const files = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = byName.get(fileName);
    if (files.has(fileName) || chunk?.type !== 'chunk') return;
    files.add(fileName);
    chunk.imports.forEach(visit);
  };
  if (holder) visit(holder.fileName);
  return [...files]
    .filter((file) => !shell.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('');
}

export function prerenderSignedOut(options: { entry: string; screenModule: string }): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'chatty-prerender-signed-out',
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle(output, bundle) {
      if (config.command !== 'build' || config.build.ssr || !output.dir) return;
      const outDir = output.dir;
      const shell = readFileSync(join(outDir, 'index.html'), 'utf8');
      writeFileSync(join(outDir, shellPage), shell);

      const cssLink = /<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/.exec(shell);
      if (!cssLink?.[1]) throw new Error('prerender: the built index.html links no stylesheet');
      const css = readFileSync(join(outDir, cssLink[1]), 'utf8');
      const preloads = screenPreloads(bundle, options.screenModule, shell);

      for (const page of await renderRoutes(config, options.entry)) {
        const file = prerenderedPages[page.path];
        if (!file) throw new Error(`prerender: no page file for ${page.path}`);
        // #root shows once parsed whole: a half-arrived page drawn early would shift as the
        // rest comes in (the column is centred vertically).
        const critical = criticalCss(css, shell + page.markup);
        const head =
          `<script>${beforeHydrationScript}</script>` +
          `<style>${hiddenRootCss}#root{display:none}${critical}</style>${preloads}`;
        const rootEnd = '<style>#root{display:block}</style>';
        const html = shell
          .replace('<html lang="en">', `<html lang="en" ${PRERENDERED_ATTR}="${page.path}">`)
          .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
          .replace(cssLink[0], '')
          .replace('</head>', `${head}</head>`)
          .replace(
            '<div id="root"></div>',
            `<div id="root">${page.markup}</div>${rootEnd}${cssLink[0]}`,
          );
        if (!html.includes(page.markup))
          throw new Error('prerender: index.html has no empty #root');
        writeFileSync(join(outDir, file), html);
      }
    },
    // `vite preview` as the production host: the prerendered pages for their routes (its own
    // fallback finds login.html for /login), the empty shell for every other page.
    configurePreviewServer(server) {
      const outDir = resolve(server.config.root, server.config.build.outDir);
      server.middlewares.use((req, _res, next) => {
        const wantsPage = req.method === 'GET' || req.method === 'HEAD';
        if (wantsPage && req.url && existsSync(join(outDir, shellPage))) {
          const path = normalPath(new URL(req.url, 'http://host').pathname);
          const isFile = /\.[a-z0-9]+$/i.test(path);
          if (!isFile && !(path in prerenderedPages)) req.url = `/${shellPage}`;
        }
        next();
      });
    },
  };
}
