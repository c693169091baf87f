/**
 * The tab's icon carries the unread count: the app's icon with a red badge and the
 * number, drawn as an SVG data URL (no canvas, no request), back to the plain icon at zero.
 */
const PLAIN = '/favicon.svg';
const ICON =
  '<rect width="32" height="32" rx="8" fill="#5f35f5"/><path d="M8 10h16v10H14l-4 4v-4H8z" fill="#fff"/>';

/** The icon's URL for `count` unread (99+ above 99). */
function faviconFor(count: number): string {
  if (count <= 0) return PLAIN;
  const label = count > 99 ? '99+' : String(count);
  const size = label.length > 2 ? 11 : 14;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${ICON}` +
    `<circle cx="22" cy="10" r="10" fill="#dc2626"/>` +
    `<text x="22" y="15" text-anchor="middle" font-family="Arial,sans-serif" font-weight="700" ` +
    `font-size="${String(size)}" fill="#fff">${label}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** Points the page's icon link at the icon for `count`. */
export function setFaviconCount(count: number): void {
  if (typeof document === 'undefined') return;
  const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  const href = faviconFor(count);
  if (link && link.getAttribute('href') !== href) link.setAttribute('href', href);
}
