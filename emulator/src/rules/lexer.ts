/** Tokenizer for rule expressions (a small subset of JavaScript expression syntax). */

type TokenKind = 'number' | 'string' | 'identifier' | 'regex' | 'punct' | 'end';

export interface Token {
  kind: TokenKind;
  /** Punctuator text, identifier name, decoded string, or regex pattern. */
  text: string;
  /** Numeric value for number tokens; regex flags travel in `flags`. */
  value?: number;
  flags?: string;
  /** Offset into the expression source, for error messages. */
  offset: number;
}

/** An expression syntax or type error; the rule compiler adds the rule's position in the file. */
export class ExpressionError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

// Longest first, so that '===' wins over '==' and '='.
const PUNCTUATORS = [
  '===',
  '!==',
  '==',
  '!=',
  '<=',
  '>=',
  '&&',
  '||',
  '<',
  '>',
  '!',
  '+',
  '-',
  '*',
  '/',
  '%',
  '?',
  ':',
  '(',
  ')',
  '[',
  ']',
  ',',
  '.',
];

const STRING_ESCAPES: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  b: '\b',
  f: '\f',
  v: '\v',
  '0': '\0',
};

const IDENTIFIER = /[A-Za-z_$][A-Za-z0-9_$]*/y;
const NUMBER = /(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/y;

/** A '/' after one of these ends a value, so it divides; anywhere else it opens a regex literal. */
function slashDivides(previous: Token | undefined): boolean {
  if (!previous) return false;
  if (previous.kind === 'punct') return previous.text === ')' || previous.text === ']';
  return true;
}

function readString(source: string, start: number): { text: string; end: number } {
  const quote = source[start];
  let out = '';
  let i = start + 1;
  while (i < source.length) {
    const ch = source.charAt(i);
    if (ch === quote) return { text: out, end: i + 1 };
    if (ch !== '\\') {
      out += ch;
      i++;
      continue;
    }
    const code = source.charAt(i + 1);
    if (code === 'u' && /^[0-9a-fA-F]{4}$/.test(source.slice(i + 2, i + 6))) {
      out += String.fromCharCode(parseInt(source.slice(i + 2, i + 6), 16));
      i += 6;
    } else if (code === 'x' && /^[0-9a-fA-F]{2}$/.test(source.slice(i + 2, i + 4))) {
      out += String.fromCharCode(parseInt(source.slice(i + 2, i + 4), 16));
      i += 4;
    } else {
      out += STRING_ESCAPES[code] ?? code;
      i += 2;
    }
  }
  throw new ExpressionError('Unterminated string literal', start);
}

function readRegex(source: string, start: number): { pattern: string; flags: string; end: number } {
  let i = start + 1;
  let inClass = false;
  while (i < source.length) {
    const ch = source[i];
    if (ch === '\\') i++;
    else if (ch === '[') inClass = true;
    else if (ch === ']') inClass = false;
    else if (ch === '/' && !inClass) break;
    else if (ch === '\n') break;
    i++;
  }
  if (i >= source.length || source[i] !== '/')
    throw new ExpressionError('Unterminated regular expression', start);
  const pattern = source.slice(start + 1, i);
  IDENTIFIER.lastIndex = i + 1;
  const flags = IDENTIFIER.exec(source)?.[0] ?? '';
  return { pattern, flags, end: i + 1 + flags.length };
}

export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const ch = source.charAt(i);
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    if (ch === '"' || ch === "'") {
      const { text, end } = readString(source, i);
      tokens.push({ kind: 'string', text, offset: i });
      i = end;
      continue;
    }
    NUMBER.lastIndex = i;
    const number = /[\d.]/.test(ch) ? NUMBER.exec(source) : null;
    if (number) {
      tokens.push({ kind: 'number', text: number[0], value: Number(number[0]), offset: i });
      i += number[0].length;
      continue;
    }
    IDENTIFIER.lastIndex = i;
    const identifier = IDENTIFIER.exec(source);
    if (identifier) {
      tokens.push({ kind: 'identifier', text: identifier[0], offset: i });
      i += identifier[0].length;
      continue;
    }
    if (ch === '/' && !slashDivides(tokens.at(-1))) {
      const { pattern, flags, end } = readRegex(source, i);
      tokens.push({ kind: 'regex', text: pattern, flags, offset: i });
      i = end;
      continue;
    }
    const punct = PUNCTUATORS.find((p) => source.startsWith(p, i));
    if (!punct) {
      const hint = ch === '=' ? ' (assignment is not allowed; use ==)' : '';
      throw new ExpressionError(`Unexpected character ${JSON.stringify(ch)}${hint}`, i);
    }
    tokens.push({ kind: 'punct', text: punct, offset: i });
    i += punct.length;
  }
  tokens.push({ kind: 'end', text: '', offset: source.length });
  return tokens;
}
