/**
 * A JSON parser that accepts what the Firebase docs' rules examples use: `//` and `/* *\/` comments,
 * raw line breaks inside strings and trailing commas. Every node keeps its source position so that
 * rule errors can point at the offending line.
 */
import { RulesSyntaxError } from './contract';

export interface SourcePos {
  line: number;
  column: number;
}

export interface JsonEntry {
  key: string;
  keyPos: SourcePos;
  value: JsonNode;
}

export type JsonNode = SourcePos &
  (
    | { kind: 'object'; entries: JsonEntry[] }
    | { kind: 'array'; items: JsonNode[] }
    | { kind: 'string'; value: string }
    | { kind: 'number'; value: number }
    | { kind: 'boolean'; value: boolean }
    | { kind: 'null' }
  );

const SIMPLE_ESCAPES = new Map([
  ['"', '"'],
  ['\\', '\\'],
  ['/', '/'],
  ['b', '\b'],
  ['f', '\f'],
  ['n', '\n'],
  ['r', '\r'],
  ['t', '\t'],
]);

const NUMBER_PATTERN = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

class LenientJsonParser {
  private offset = 0;
  private line = 1;
  private lineStart = 0;

  constructor(private readonly text: string) {}

  parseDocument(): JsonNode {
    if (this.text.charCodeAt(0) === 0xfeff) this.offset = 1;
    this.skipTrivia();
    const node = this.parseValue();
    this.skipTrivia();
    if (this.offset < this.text.length) this.fail(`Unexpected ${this.describeCurrent()}`);
    return node;
  }

  private position(): SourcePos {
    return { line: this.line, column: this.offset - this.lineStart + 1 };
  }

  private fail(message: string, pos: SourcePos = this.position()): never {
    throw new RulesSyntaxError(message, pos.line, pos.column);
  }

  private describeCurrent(): string {
    const ch = this.text.at(this.offset);
    return ch === undefined ? 'end of input' : `character ${JSON.stringify(ch)}`;
  }

  /** Advances one character, keeping line bookkeeping right for raw newlines in strings too. */
  private advance(): string {
    const ch = this.text.charAt(this.offset++);
    if (ch === '\n') {
      this.line++;
      this.lineStart = this.offset;
    }
    return ch;
  }

  private skipTrivia(): void {
    for (;;) {
      const ch = this.text[this.offset];
      if (ch === ' ' || ch === '\t' || ch === '\r' || ch === '\n') {
        this.advance();
      } else if (ch === '/' && this.text[this.offset + 1] === '/') {
        while (this.offset < this.text.length && this.text[this.offset] !== '\n') this.advance();
      } else if (ch === '/' && this.text[this.offset + 1] === '*') {
        const start = this.position();
        this.advance();
        this.advance();
        while (!(this.text[this.offset] === '*' && this.text[this.offset + 1] === '/')) {
          if (this.offset >= this.text.length) this.fail('Unterminated comment', start);
          this.advance();
        }
        this.advance();
        this.advance();
      } else {
        return;
      }
    }
  }

  private parseValue(): JsonNode {
    const pos = this.position();
    const ch = this.text.at(this.offset);
    if (ch === '{') return this.parseObject(pos);
    if (ch === '[') return this.parseArray(pos);
    if (ch === '"') return { kind: 'string', value: this.parseString(), ...pos };
    if (ch === '-' || (ch !== undefined && ch >= '0' && ch <= '9')) return this.parseNumber(pos);
    for (const [word, node] of [
      ['true', { kind: 'boolean', value: true }],
      ['false', { kind: 'boolean', value: false }],
      ['null', { kind: 'null' }],
    ] as const) {
      if (this.text.startsWith(word, this.offset)) {
        this.offset += word.length;
        return { ...node, ...pos };
      }
    }
    return this.fail(`Unexpected ${this.describeCurrent()}`);
  }

  private parseObject(pos: SourcePos): JsonNode {
    this.advance();
    const entries: JsonEntry[] = [];
    const seen = new Set<string>();
    for (;;) {
      this.skipTrivia();
      if (this.text[this.offset] === '}') break;
      const keyPos = this.position();
      if (this.text[this.offset] !== '"')
        this.fail(`Expected a key but found ${this.describeCurrent()}`);
      const key = this.parseString();
      if (seen.has(key)) this.fail(`Duplicate key ${JSON.stringify(key)}`, keyPos);
      seen.add(key);
      this.skipTrivia();
      if (this.text[this.offset] !== ':')
        this.fail(`Expected ':' but found ${this.describeCurrent()}`);
      this.advance();
      this.skipTrivia();
      entries.push({ key, keyPos, value: this.parseValue() });
      this.skipSeparator('}');
    }
    this.advance();
    return { kind: 'object', entries, ...pos };
  }

  private parseArray(pos: SourcePos): JsonNode {
    this.advance();
    const items: JsonNode[] = [];
    for (;;) {
      this.skipTrivia();
      if (this.text[this.offset] === ']') break;
      items.push(this.parseValue());
      this.skipSeparator(']');
    }
    this.advance();
    return { kind: 'array', items, ...pos };
  }

  /** After a member: a comma (a trailing one is allowed), or the container's closer, left in place. */
  private skipSeparator(closer: '}' | ']'): void {
    this.skipTrivia();
    if (this.text[this.offset] === ',') this.advance();
    else if (this.text[this.offset] !== closer)
      this.fail(`Expected ',' or '${closer}' but found ${this.describeCurrent()}`);
  }

  private parseString(): string {
    const start = this.position();
    this.advance();
    let out = '';
    for (;;) {
      if (this.offset >= this.text.length) this.fail('Unterminated string', start);
      const ch = this.advance();
      if (ch === '"') return out;
      if (ch !== '\\') {
        out += ch;
        continue;
      }
      const escapePos = this.position();
      const code = this.advance();
      const simple = SIMPLE_ESCAPES.get(code);
      if (simple !== undefined) {
        out += simple;
      } else if (
        code === 'u' &&
        /^[0-9a-fA-F]{4}$/.test(this.text.slice(this.offset, this.offset + 4))
      ) {
        out += String.fromCharCode(parseInt(this.text.slice(this.offset, this.offset + 4), 16));
        this.offset += 4;
      } else {
        this.fail(`Invalid escape sequence \\${code}`, escapePos);
      }
    }
  }

  private parseNumber(pos: SourcePos): JsonNode {
    NUMBER_PATTERN.lastIndex = this.offset;
    const match = NUMBER_PATTERN.exec(this.text);
    if (!match) return this.fail('Invalid number');
    this.offset += match[0].length;
    return { kind: 'number', value: Number(match[0]), ...pos };
  }
}

/** Parses lenient JSON; throws RulesSyntaxError with a 1-based line and column. */
export function parseLenientJson(text: string): JsonNode {
  return new LenientJsonParser(text).parseDocument();
}
