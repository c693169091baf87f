/**
 * A small builder for Realtime Database rule expressions. An `Expr` is expression text; a plain
 * string next to it is always a literal (a key, a path piece, a string value), never code. The
 * combinators add the parentheses that precedence needs, so helpers compose without surprises.
 */
export class Expr {
  constructor(readonly text: string) {}

  toString(): string {
    return this.text;
  }
}

/** A rule: an expression, or a constant `true`/`false`. */
type Condition = Expr | boolean;

/** One node of the rules tree: its own rules plus its children (`$wildcard` or fixed keys). */
export interface RuleNode {
  '.read'?: Condition;
  '.write'?: Condition;
  '.validate'?: Condition;
  '.indexOn'?: readonly string[];
  [child: string]: RuleNode | Condition | readonly string[] | undefined;
}

const PRIMARY = 9;
const UNARY = 7;
const ADDITIVE = 5;
const AND = 2;
const OR = 1;
const CONDITIONAL = 0;

const BINARY: readonly [string, number][] = [
  ['||', OR],
  ['&&', AND],
  ['===', 3],
  ['!==', 3],
  ['==', 3],
  ['!=', 3],
  ['<=', 4],
  ['>=', 4],
  ['<', 4],
  ['>', 4],
  ['+', ADDITIVE],
  ['*', 6],
  ['/', 6],
  ['%', 6],
];

/** The loosest operator outside parentheses and quotes: how tightly the expression holds together. */
export function precedence(text: string): number {
  let depth = 0;
  let lowest = PRIMARY;
  for (let i = 0; i < text.length; i++) {
    const char = text.charAt(i);
    if (char === "'" || char === '"') {
      i = text.indexOf(char, i + 1);
      while (i > 0 && text.charAt(i - 1) === '\\') i = text.indexOf(char, i + 1);
      if (i < 0) throw new Error(`Unclosed string in rule expression: ${text}`);
    } else if ('([{'.includes(char)) depth++;
    else if (')]}'.includes(char)) depth--;
    else if (depth === 0 && char === '?') lowest = CONDITIONAL;
    else if (depth === 0) {
      const match = BINARY.find(([op]) => text.startsWith(op, i));
      if (match && !(match[0] === '/' && text.charAt(i + 1) === '/')) {
        lowest = Math.min(lowest, match[1]);
        i += match[0].length - 1;
      }
    }
  }
  if (lowest === PRIMARY && text.startsWith('!')) return UNARY;
  return lowest;
}

function wrapBelow(expr: Expr, min: number): string {
  return precedence(expr.text) < min ? `(${expr.text})` : expr.text;
}

/** A quoted string literal. */
export function quote(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

type Piece = Expr | string | number | boolean;

function pieceText(piece: Piece, alone: boolean): string {
  if (piece instanceof Expr) return wrapBelow(piece, alone ? CONDITIONAL : PRIMARY);
  return typeof piece === 'string' ? quote(piece) : String(piece);
}

/**
 * Expression text: `${Expr}` is inserted (in parentheses unless it is a single operand or a whole
 * call argument), a `${'string'}` becomes a quoted literal and numbers and booleans stay as they are.
 */
export function x(strings: TemplateStringsArray, ...pieces: Piece[]): Expr {
  return new Expr(
    strings.reduce((out, part, i) => {
      const alone = /[(,]\s*$/.test(strings[i - 1] ?? '') && /^\s*[),]/.test(part);
      return out + pieceText(pieces[i - 1] ?? '', alone) + part;
    }),
  );
}

/** All of them, in order (the rules language short-circuits `&&` left to right). */
export function and(...parts: Expr[]): Expr {
  if (parts.length === 0) throw new Error('and() needs at least one condition');
  return new Expr(parts.map((part) => wrapBelow(part, AND)).join(' && '));
}

/** Any of them, in order. An `&&` inside is bracketed too, only to be easier to read. */
export function or(...parts: Expr[]): Expr {
  if (parts.length === 0) throw new Error('or() needs at least one condition');
  return new Expr(parts.map((part) => wrapBelow(part, AND + 1)).join(' || '));
}

export function not(expr: Expr): Expr {
  return new Expr(`!${wrapBelow(expr, UNARY)}`);
}

/** `test ? then : otherwise`, already in parentheses so it can sit inside any other expression. */
export function when(test: Expr, then: Expr, otherwise: Expr): Expr {
  return new Expr(`(${test.text} ? ${then.text} : ${otherwise.text})`);
}

/** `a + b + …`, keeping literal strings quoted and expressions in parentheses when needed. */
export function concat(...pieces: (Expr | string)[]): Expr {
  return new Expr(
    pieces
      .map((piece) => (piece instanceof Expr ? wrapBelow(piece, PRIMARY) : quote(piece)))
      .join(' + '),
  );
}

/**
 * `base.child(path)` for a path given as segments: strings are literal keys, expressions are
 * computed keys, and neighbouring literals merge (`'friendList/' + $conversationId + '/senderId'`).
 */
export function childOf(base: Expr, ...segments: (Expr | string)[]): Expr {
  const pieces: (Expr | string)[] = [];
  segments.forEach((segment, i) => {
    const last = pieces[pieces.length - 1];
    const text = i === 0 ? segment : typeof segment === 'string' ? `/${segment}` : segment;
    if (typeof text === 'string' && typeof last === 'string')
      pieces[pieces.length - 1] = last + text;
    else if (text instanceof Expr && i > 0 && typeof last === 'string') {
      pieces[pieces.length - 1] = `${last}/`;
      pieces.push(text);
    } else if (text instanceof Expr && i > 0) pieces.push('/', text);
    else pieces.push(text);
  });
  return x`${base}.child(${concat(...pieces)})`;
}

/** The rules tree as plain JSON, ready for `database.rules.json`. */
export function toJson(node: RuleNode): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (value === undefined) continue;
    if (value instanceof Expr) out[key] = value.text;
    else if (typeof value === 'boolean' || Array.isArray(value)) out[key] = value;
    else out[key] = toJson(value as RuleNode);
  }
  return out;
}
