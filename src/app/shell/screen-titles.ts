import { paths } from '../../config/paths';
import { shellStrings } from './shell-strings';

/**
 * Each signed-in screen's tab title, and whether the layout supplies its one h1 (screens whose
 * design shows no heading get a visually hidden one; the others render their own).
 */
const screens: Record<string, { title: string; layoutHeading: boolean }> = {
  [paths.home]: { title: shellStrings.a11y.titles.home, layoutHeading: true },
  [paths.messages]: { title: shellStrings.a11y.titles.messages, layoutHeading: true },
  [paths.notification]: { title: shellStrings.a11y.titles.notification, layoutHeading: false },
  [paths.settings]: { title: shellStrings.a11y.titles.settings, layoutHeading: false },
};

export function screenOf(pathname: string) {
  return screens[pathname.replace(/\/+$/, '')] ?? { title: '', layoutHeading: false };
}
