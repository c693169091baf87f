/**
 * Translates the documented RTDB regex subset into a JavaScript RegExp. Anything outside the subset
 * (lookarounds, backreferences, anchors in the middle, flags other than `i`) is rejected rather than
 * passed through, so that a rule cannot rely on JavaScript-only behaviour the real server lacks.
 */

export class RegexSyntaxError extends Error {}

const CLASS_ESCAPES = new Set(['d', 'w', 's', 'D', 'W', 'S']);
const CONTROL_CHARS = new Map([
  ['n', '\n'],
  ['t', '\t'],
  ['r', '\r'],
  ['f', '\f'],
  ['v', '\v'],
]);
// Characters that must be escaped to be literal in a JavaScript pattern with the `u` flag.
const SYNTAX_CHARS = new Set('^$\\.*+?()[]{}|/');

function literal(ch: string): string {
  return SYNTAX_CHARS.has(ch) ? `\\${ch}` : ch;
}

class RegexTranslator {
  private i = 0;
  private depth = 0;
  private out = '';
  private readonly chars: string[];

  constructor(pattern: string) {
    // Code points, so that a surrogate pair is one character like it is for the `u` flag.
    this.chars = Array.from(pattern);
  }

  translate(): string {
    if (this.chars.length === 0) throw new RegexSyntaxError('Empty regular expression');
    let atomEnd = false;
    while (this.i < this.chars.length) {
      const ch = this.chars[this.i++];
      if (ch === '^') {
        if (this.i !== 1) this.fail("'^' is only allowed as the first character");
        this.out += '^';
        atomEnd = false;
      } else if (ch === '$') {
        if (this.i !== this.chars.length) this.fail("'$' is only allowed as the last character");
        this.out += '$';
        atomEnd = false;
      } else if (ch === '*' || ch === '+' || ch === '?' || ch === '{') {
        if (!atomEnd) this.fail(`Nothing to repeat before '${ch}'`);
        this.out += ch === '{' ? this.readBraces() : ch;
        atomEnd = false;
      } else if (ch === '(') {
        if (this.chars[this.i] === '?') this.fail("'(?' groups are not supported");
        this.depth++;
        this.out += '(';
        atomEnd = false;
      } else if (ch === ')') {
        if (this.depth === 0) this.fail("Unmatched ')'");
        this.depth--;
        this.out += ')';
        atomEnd = true;
      } else if (ch === '|') {
        this.out += '|';
        atomEnd = false;
      } else if (ch === '[') {
        this.out += this.readClass();
        atomEnd = true;
      } else if (ch === '\\') {
        this.out += this.readEscape(false);
        atomEnd = true;
      } else if (ch === '.') {
        this.out += '.';
        atomEnd = true;
      } else {
        this.out += literal(ch);
        atomEnd = true;
      }
    }
    if (this.depth !== 0) this.fail("Unmatched '('");
    return this.out;
  }

  private fail(message: string): never {
    throw new RegexSyntaxError(`${message} in regular expression`);
  }

  private readBraces(): string {
    const rest = this.chars.slice(this.i).join('');
    const match = /^(\d+)(,(\d*))?\}/.exec(rest);
    if (!match) this.fail("Malformed '{n,m}' repetition");
    const min = Number(match[1]);
    if (match[3] && Number(match[3]) < min) this.fail("'{n,m}' has m < n");
    this.i += match[0].length;
    return `{${match[0]}`;
  }

  private readEscape(inClass: boolean): string {
    const ch = this.chars.at(this.i++);
    if (ch === undefined) return this.fail('Trailing backslash');
    if (CLASS_ESCAPES.has(ch)) return `\\${ch}`;
    if (CONTROL_CHARS.has(ch)) return `\\${ch}`;
    if (/[A-Za-z0-9]/.test(ch)) return this.fail(`Unsupported escape '\\${ch}'`);
    // Inside a class, `-` must stay escaped or it would start a range.
    return inClass && ch === '-' ? '\\-' : literal(ch);
  }

  /** A class member as a single character (for ranges), or null for `\d` and the like. */
  private readClassAtom(): { text: string; char: string | null } {
    const ch = this.chars.at(this.i++);
    if (ch === undefined) return this.fail("Unterminated '['");
    if (ch !== '\\') return { text: ch === '[' || ch === '-' ? `\\${ch}` : literal(ch), char: ch };
    const next = this.chars.at(this.i) ?? '';
    const text = this.readEscape(true);
    if (CLASS_ESCAPES.has(next)) return { text, char: null };
    return { text, char: CONTROL_CHARS.get(next) ?? next };
  }

  private readClass(): string {
    let out = '[';
    if (this.chars[this.i] === '^') {
      out += '^';
      this.i++;
    }
    if (this.chars[this.i] === ']') this.fail("Empty '[]' class");
    while (this.chars[this.i] !== ']') {
      if (this.i >= this.chars.length) this.fail("Unterminated '['");
      const start = this.readClassAtom();
      const isRange = this.chars[this.i] === '-' && this.chars[this.i + 1] !== ']';
      if (!isRange || this.i + 1 >= this.chars.length) {
        out += start.text;
        continue;
      }
      this.i++;
      const end = this.readClassAtom();
      if (start.char === null || end.char === null) this.fail('Invalid range in class');
      if ((start.char.codePointAt(0) ?? 0) > (end.char.codePointAt(0) ?? 0))
        this.fail('Range out of order');
      out += `${start.text}-${end.text}`;
    }
    this.i++;
    return `${out}]`;
  }
}

/** Compiles an RTDB regex literal; throws RegexSyntaxError for anything outside the subset. */
export function compileRegex(pattern: string, flags: string): RegExp {
  if (flags !== '' && flags !== 'i')
    throw new RegexSyntaxError(`Unsupported regular expression flags '${flags}' (only 'i')`);
  return new RegExp(new RegexTranslator(pattern).translate(), `u${flags}`);
}
