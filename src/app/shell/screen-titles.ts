import { paths } from '../../config/paths';
import { strings } from '../../strings';

const t = strings.a11y.titles;

/**
 * Each signed-in screen's tab title, and whether the layout supplies its one h1 (screens whose
 * design shows no heading get a visually hidden one; the others render their own).
 */
const screens: Record<string, { title: string; layoutHeading: boolean }> = {
  [paths.home]: { title: t.home, layoutHeading: true },
  [paths.messages]: { title: t.messages, layoutHeading: true },
  [paths.notification]: { title: t.notification, layoutHeading: false },
  [paths.settings]: { title: t.settings, layoutHeading: false },
};

export function screenOf(pathname: string) {
  return screens[pathname.replace(/\/+$/, '')] ?? { title: '', layoutHeading: false };
}
