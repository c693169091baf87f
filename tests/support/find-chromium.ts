import { existsSync } from 'node:fs';

export const chromiumInstallHint =
  'Browser tests need Chromium: `sudo apt-get install -y chromium` (or set CHROMIUM_PATH).';

export function findChromium(): string | null {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((path): path is string => !!path && existsSync(path)) ?? null;
}
