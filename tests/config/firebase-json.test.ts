// @vitest-environment node
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileRules } from '../../emulator/src/rules/index';
import { prerenderedPages, shellPage } from '../../scripts/build/prerender';
import { instanceNamespace } from '../../scripts/stack/instances';
import { beforeHydrationScript } from '../../src/prerender/inline-script';

interface Header {
  key: string;
  value: string;
}
interface FirebaseJson {
  database: Array<{ target: string; rules: string }>;
  functions: Array<{ source: string; codebase: string }>;
  emulators: { auth: { port: number }; database: { port: number } };
  hosting: {
    public: string;
    cleanUrls: boolean;
    rewrites: Array<{ source: string; destination: string }>;
    headers: Array<{ source: string; headers: Header[] }>;
  };
}

const config = JSON.parse(readFileSync('firebase.json', 'utf8')) as FirebaseJson;
const headers = new Map(
  config.hosting.headers
    .flatMap((h) => (h.source === '**' ? h.headers : []))
    .map((h) => [h.key, h.value]),
);
const csp = new Map(
  (headers.get('Content-Security-Policy') ?? '')
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .map(([name, ...sources]) => [name, sources]),
);

describe('firebase.json', () => {
  it('runs the Auth emulator on 9099 and the database emulator on 9000', () => {
    expect(config.emulators.auth.port).toBe(9099);
    expect(config.emulators.database.port).toBe(9000);
  });

  it('deploys the directory and the instances, each through a deploy target the demo project names', () => {
    const rc = JSON.parse(readFileSync('.firebaserc', 'utf8')) as {
      projects: { default: string };
      targets: Partial<Record<string, { database: Record<string, string[] | undefined> }>>;
    };
    const project = rc.projects.default;
    expect(config.database.map((d) => d.target)).toEqual(['directory', 'instances']);
    expect(rc.targets[project]?.database).toEqual({
      directory: [`${project}-default-rtdb`],
      instances: [`${project}-i1`],
    });
    // The same names the local stack gives its namespaces.
    const directory = { projectId: project, dbNamespace: `${project}-default-rtdb` };
    expect([0, 1].map((n) => instanceNamespace(directory, n))).toEqual([
      ...(rc.targets[project]?.database.directory ?? []),
      ...(rc.targets[project]?.database.instances ?? []),
    ]);
  });

  it('deploys database.rules.json to every instance, which parses and starts closed at the root', () => {
    expect(new Set(config.database.map((d) => d.rules))).toEqual(new Set(['database.rules.json']));
    const text = readFileSync('database.rules.json', 'utf8');
    const rules = compileRules(text);
    const root = {
      child: () => root,
      exists: () => false,
      leafValue: () => null,
      childKeys: () => [],
      priority: () => null,
    };
    const auth = { uid: 'u1', provider: 'password', token: {} };
    expect(rules.canRead({ path: [], root, auth, query: null, now: 0 }).allowed).toBe(false);
    expect(rules.canWrite({ paths: [[]], root, newRoot: root, auth, now: 0 }).allowed).toBe(false);
  });

  it('deploys the mirror function from functions/, one trigger per mirrored directory path', () => {
    expect(config.functions.map((f) => f.source)).toEqual(['functions']);
    const pkg = JSON.parse(readFileSync('functions/package.json', 'utf8')) as { main: string };
    expect(pkg.main).toBe('lib/index.js');
    const index = readFileSync('functions/src/index.ts', 'utf8');
    expect(index).toMatch(/onValueWritten\(\{ instance: DIRECTORY_INSTANCE, ref \}/);
    expect(index).toMatch(/MIRRORED_PATHS\.map/);
  });

  it('serves dist/: the prerendered pages at their routes, the app shell for every other one', () => {
    expect(config.hosting.public).toBe('dist');
    // cleanUrls: /login is login.html; / is index.html as on any host.
    expect(config.hosting.cleanUrls).toBe(true);
    expect(prerenderedPages).toEqual({ '/': 'index.html', '/login': 'login.html' });
    expect(config.hosting.rewrites).toContainEqual({ source: '**', destination: `/${shellPage}` });
  });

  it("allows the prerendered pages' inline script by its hash, and no other inline script", () => {
    const hash = createHash('sha256').update(beforeHydrationScript).digest('base64');
    const hashes = csp.get('script-src')?.filter((source) => source.startsWith("'sha256-"));
    expect(hashes).toEqual([`'sha256-${hash}'`]);
  });

  it('sends security headers', () => {
    expect(headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(headers.get('X-Frame-Options')).toBe('DENY');
    expect(headers.get('Referrer-Policy')).toBeTruthy();
  });

  it('has a CSP that allows Firebase Auth, the database and Google sign-in, and nothing else', () => {
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('script-src')).toContain('https://apis.google.com');
    expect(csp.get('script-src')).not.toContain("'unsafe-eval'");
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('connect-src')).toEqual(
      expect.arrayContaining([
        'https://*.googleapis.com',
        'wss://*.firebaseio.com',
        'wss://*.firebasedatabase.app',
      ]),
    );
    expect(csp.get('frame-src')).toEqual(
      expect.arrayContaining(['https://*.firebaseapp.com', 'https://accounts.google.com']),
    );
  });
});
