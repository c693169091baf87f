const NAMESPACE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/;

/**
 * The database instance a request addresses: `?ns=` (what the SDK sends to emulators), else the
 * first label of a `<ns>.firebaseio.com`-style Host header. Null when neither names one.
 */
export function namespaceFromRequest(url: URL, hostHeader: string | undefined): string | null {
  const param = url.searchParams.get('ns');
  if (param !== null) return NAMESPACE.test(param) ? param : null;
  const hostname = (hostHeader ?? '').replace(/:\d+$/, '');
  const label = hostname.split('.')[0] ?? '';
  if (!hostname.includes('.') || /^\d+$/.test(label) || !NAMESPACE.test(label)) return null;
  return label;
}
