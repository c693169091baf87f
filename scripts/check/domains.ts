/**
 * The app's domains: a domain's folder, slice, gateway, rules and test files all carry
 * its name, alone or followed by `-part` (`groups.ts`, `groups-access.ts`, `groups.test.ts`).
 */
export const DOMAINS = [
  'auth',
  'profiles',
  'directory',
  'presence',
  'friends',
  'groups',
  'conversations',
  'inbox',
  'notifications',
  'settings',
  'encryption',
  'search',
] as const;

export type Domain = (typeof DOMAINS)[number];

/**
 * The first of `names` that file name `fileName` is named after, if any: its part before the first
 * dot is the name itself or starts with `name-` (`inbox-groups.test.ts` is `inbox`'s).
 */
export function namedAfter(
  fileName: string,
  names: readonly string[] = DOMAINS,
): string | undefined {
  const base = fileName.split('.')[0] ?? '';
  return names.find((name) => base === name || base.startsWith(`${name}-`));
}
