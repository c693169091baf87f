import { paths } from '../../config/paths';

/**
 * Where to go after signing in: the signed-in page a signed-out visit was sent away from
 * (the layout's redirect puts it in the location state as `from`), else home. Only /pages
 * addresses are followed, so the state can never lead off the app or back to a form.
 */
export function returnPath(state: unknown): string {
  const from: unknown =
    typeof state === 'object' && state !== null ? Reflect.get(state, 'from') : undefined;
  if (typeof from !== 'string') return paths.home;
  const isPagesPath = from === paths.pages || from.startsWith(`${paths.pages}/`);
  return isPagesPath && !from.startsWith('//') ? from : paths.home;
}
