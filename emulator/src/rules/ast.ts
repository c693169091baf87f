/** Syntax tree of a rule expression. `offset` points into the expression source. */

export type BinaryOperator =
  '+' | '-' | '*' | '/' | '%' | '==' | '!=' | '===' | '!==' | '<' | '<=' | '>' | '>=' | '&&' | '||';

export type Expr = { offset: number } & (
  | { kind: 'literal'; value: string | number | boolean | null }
  | { kind: 'variable'; name: string }
  | { kind: 'member'; object: Expr; property: string }
  | { kind: 'index'; object: Expr; index: Expr }
  | { kind: 'call'; object: Expr; method: string; args: Expr[] }
  | { kind: 'array'; items: Expr[] }
  | { kind: 'regex'; pattern: string; flags: string }
  | { kind: 'unary'; operator: '!' | '-'; operand: Expr }
  | { kind: 'binary'; operator: BinaryOperator; left: Expr; right: Expr }
  | { kind: 'conditional'; test: Expr; consequent: Expr; alternate: Expr }
);
