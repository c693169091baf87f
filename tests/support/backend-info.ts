export interface BackendInfo {
  projectId: string;
  authHost: string;
  dbHost: string;
  dbNamespace: string;
  rulesPath: string;
  /** How many database instances the backend runs (CHATTY_INSTANCES; scripts/stack/instances.ts). */
  instances: number;
}

declare module 'vitest' {
  export interface ProvidedContext {
    backend: BackendInfo;
    e2e:
      | {
          appUrl: string;
          browserPath: string;
          /** The served build's folder, and the files each budgeted screen loads by its graph. */
          outDir: string;
          screens: { login: string[]; home: string[] };
        }
      | undefined;
  }
}
