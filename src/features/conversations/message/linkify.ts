/** A piece of a message's text: plain, or an http(s) link to make clickable. */
export type TextPart =
  { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// Only http(s): any other scheme (javascript:, data:, file:…) stays plain text.
const LINK = /\bhttps?:\/\/[^\s<>"]+/gi;
// Punctuation that ends a sentence rather than the address.
const TRAILING = /[.,;:!?'")\]}]+$/;

function asHttpUrl(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Splits `text` into plain parts and http(s) links, in order; joined they give `text`. */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let plainFrom = 0;
  for (const match of text.matchAll(LINK)) {
    let raw = match[0];
    // Keep a closing bracket that belongs to the address, as in Wikipedia links.
    const trailing = TRAILING.exec(raw)?.[0] ?? '';
    if (trailing) {
      const opens = (raw.match(/\(/g) ?? []).length;
      const closes = (raw.match(/\)/g) ?? []).length;
      const keepParen = trailing === ')' && opens >= closes;
      if (!keepParen) raw = raw.slice(0, raw.length - trailing.length);
    }
    const href = asHttpUrl(raw);
    if (!href) continue;
    if (match.index > plainFrom)
      parts.push({ kind: 'text', text: text.slice(plainFrom, match.index) });
    parts.push({ kind: 'link', text: raw, href });
    plainFrom = match.index + raw.length;
  }
  if (plainFrom < text.length) parts.push({ kind: 'text', text: text.slice(plainFrom) });
  return parts;
}
