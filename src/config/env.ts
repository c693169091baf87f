/**
 * App configuration from Vite env variables, validated once at start.
 * Defaults target the local emulator suite with a `demo-` project, which needs no cloud project.
 */
export interface AppEnv {
  firebase: {
    apiKey: string;
    authDomain: string;
    projectId: string;
    databaseURL: string;
    appId: string | undefined;
  };
  emulators: { auth: HostPort; database: HostPort } | null;
}

interface HostPort {
  host: string;
  port: number;
}

export class EnvError extends Error {
  override name = 'EnvError';
}

type RawEnv = Partial<Record<keyof ImportMetaEnv, string | undefined>>;

function parseHostPort(name: string, value: string): HostPort {
  const match = /^([\w.-]+|\[[\d:a-fA-F]+\]):(\d{1,5})$/.exec(value.trim());
  const port = match ? Number(match[2]) : NaN;
  if (!match?.[1] || !Number.isInteger(port) || port < 1 || port > 65535) {
    throw new EnvError(`${name} must look like "127.0.0.1:9000", got "${value}"`);
  }
  return { host: match[1], port };
}

export function parseEnv(raw: RawEnv): AppEnv {
  const projectId = raw.VITE_FIREBASE_PROJECT_ID?.trim() || 'demo-chat';
  if (!/^[a-z0-9-]{4,30}$/.test(projectId)) {
    throw new EnvError(`VITE_FIREBASE_PROJECT_ID "${projectId}" is not a valid project id`);
  }
  const useEmulators = (raw.VITE_USE_EMULATORS ?? 'true').trim() !== 'false';
  const apiKey = raw.VITE_FIREBASE_API_KEY?.trim() || (useEmulators ? 'demo-api-key' : '');
  if (!apiKey) throw new EnvError('VITE_FIREBASE_API_KEY is required for a real Firebase project');
  if (!useEmulators && projectId.startsWith('demo-')) {
    throw new EnvError(
      'A demo- project only exists on the emulators; set VITE_FIREBASE_PROJECT_ID',
    );
  }
  const databaseURL =
    raw.VITE_FIREBASE_DATABASE_URL?.trim() || `https://${projectId}-default-rtdb.firebaseio.com`;
  try {
    new URL(databaseURL);
  } catch {
    throw new EnvError(`VITE_FIREBASE_DATABASE_URL "${databaseURL}" is not a URL`);
  }
  return {
    firebase: {
      apiKey,
      authDomain: raw.VITE_FIREBASE_AUTH_DOMAIN?.trim() || `${projectId}.firebaseapp.com`,
      projectId,
      databaseURL,
      appId: raw.VITE_FIREBASE_APP_ID?.trim() || undefined,
    },
    emulators: useEmulators
      ? {
          auth: parseHostPort(
            'VITE_AUTH_EMULATOR_HOST',
            raw.VITE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099',
          ),
          database: parseHostPort(
            'VITE_DATABASE_EMULATOR_HOST',
            raw.VITE_DATABASE_EMULATOR_HOST ?? '127.0.0.1:9000',
          ),
        }
      : null,
  };
}

export const env: AppEnv = parseEnv(import.meta.env);
