/** Precedence-climbing parser for rule expressions. */
import type { BinaryOperator, Expr } from './ast';
import { ExpressionError, tokenize, type Token } from './lexer';

// Same relative precedence as JavaScript.
const BINARY_PRECEDENCE: Partial<Record<string, number>> = {
  '||': 1,
  '&&': 2,
  '==': 3,
  '!=': 3,
  '===': 3,
  '!==': 3,
  '<': 4,
  '<=': 4,
  '>': 4,
  '>=': 4,
  '+': 5,
  '-': 5,
  '*': 6,
  '/': 6,
  '%': 6,
};

const KEYWORD_LITERALS = new Map<string, boolean | null>([
  ['true', true],
  ['false', false],
  ['null', null],
]);

class ExpressionParser {
  private index = 0;
  private readonly tokens: Token[];

  constructor(source: string) {
    this.tokens = tokenize(source);
  }

  parseAll(): Expr {
    const expr = this.parseConditional();
    const next = this.peek();
    if (next.kind !== 'end') this.unexpected(next);
    return expr;
  }

  private peek(): Token {
    return this.tokens[this.index];
  }

  private next(): Token {
    const token = this.peek();
    if (this.index < this.tokens.length - 1) this.index++;
    return token;
  }

  private isPunct(text: string): boolean {
    const token = this.peek();
    return token.kind === 'punct' && token.text === text;
  }

  private expect(text: string): Token {
    const token = this.next();
    if (token.kind !== 'punct' || token.text !== text) this.unexpected(token, `expected '${text}'`);
    return token;
  }

  private unexpected(token: Token, hint?: string): never {
    const what = token.kind === 'end' ? 'end of expression' : `'${token.text}'`;
    throw new ExpressionError(`Unexpected ${what}${hint ? `, ${hint}` : ''}`, token.offset);
  }

  private parseConditional(): Expr {
    const test = this.parseBinary(1);
    if (!this.isPunct('?')) return test;
    this.next();
    const consequent = this.parseConditional();
    this.expect(':');
    const alternate = this.parseConditional();
    return { kind: 'conditional', test, consequent, alternate, offset: test.offset };
  }

  private parseBinary(minPrecedence: number): Expr {
    let left = this.parseUnary();
    for (;;) {
      const token = this.peek();
      const precedence = token.kind === 'punct' ? BINARY_PRECEDENCE[token.text] : undefined;
      if (precedence === undefined || precedence < minPrecedence) return left;
      this.next();
      const right = this.parseBinary(precedence + 1);
      const operator = token.text as BinaryOperator;
      left = { kind: 'binary', operator, left, right, offset: token.offset };
    }
  }

  private parseUnary(): Expr {
    const token = this.peek();
    if (token.kind === 'punct' && (token.text === '!' || token.text === '-')) {
      this.next();
      const operand = this.parseUnary();
      return { kind: 'unary', operator: token.text, operand, offset: token.offset };
    }
    return this.parsePostfix(this.parsePrimary());
  }

  private parsePostfix(start: Expr): Expr {
    let expr = start;
    for (;;) {
      const token = this.peek();
      if (this.isPunct('.')) {
        this.next();
        const name = this.next();
        if (name.kind !== 'identifier') this.unexpected(name, 'expected a property name');
        if (this.isPunct('(')) {
          this.next();
          const args = this.parseList(')');
          expr = { kind: 'call', object: expr, method: name.text, args, offset: name.offset };
        } else {
          expr = { kind: 'member', object: expr, property: name.text, offset: name.offset };
        }
      } else if (this.isPunct('[')) {
        this.next();
        const index = this.parseConditional();
        this.expect(']');
        expr = { kind: 'index', object: expr, index, offset: token.offset };
      } else if (this.isPunct('(')) {
        throw new ExpressionError('Only methods can be called', token.offset);
      } else {
        return expr;
      }
    }
  }

  private parseList(close: string): Expr[] {
    const items: Expr[] = [];
    while (!this.isPunct(close)) {
      items.push(this.parseConditional());
      if (!this.isPunct(close)) this.expect(',');
    }
    this.next();
    return items;
  }

  private parsePrimary(): Expr {
    const token = this.next();
    const offset = token.offset;
    switch (token.kind) {
      case 'number':
        return { kind: 'literal', value: token.value ?? Number(token.text), offset };
      case 'string':
        return { kind: 'literal', value: token.text, offset };
      case 'regex':
        return { kind: 'regex', pattern: token.text, flags: token.flags ?? '', offset };
      case 'identifier': {
        const literal = KEYWORD_LITERALS.get(token.text);
        if (literal !== undefined) return { kind: 'literal', value: literal, offset };
        return { kind: 'variable', name: token.text, offset };
      }
      case 'punct':
        if (token.text === '(') {
          const inner = this.parseConditional();
          this.expect(')');
          return inner;
        }
        if (token.text === '[') return { kind: 'array', items: this.parseList(']'), offset };
        return this.unexpected(token);
      case 'end':
        return this.unexpected(token);
    }
  }
}

/** Parses a rule expression; throws ExpressionError with an offset into `source`. */
export function parseExpression(source: string): Expr {
  return new ExpressionParser(source).parseAll();
}
