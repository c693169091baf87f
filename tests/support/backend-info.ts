export interface BackendInfo {
  projectId: string;
  authHost: string;
  dbHost: string;
  dbNamespace: string;
  rulesPath: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    backend: BackendInfo;
    e2e: { appUrl: string; browserPath: string } | undefined;
  }
}
