/**
 * Conditions on decoded event arguments, in OpenZeppelin Monitor's expression style:
 * `amount > 1000000 && (to == 0xabc... || $0 != 0x...)`. A small recursive-descent parser, no eval:
 * operands are an argument (by name or `$index`) on the left and a literal on the right.
 */
export type ArgValue = bigint | string | boolean;

export type Comparison = "==" | "!=" | ">" | ">=" | "<" | "<=";

export type Condition =
  | { readonly kind: "and" | "or"; readonly left: Condition; readonly right: Condition }
  | { readonly kind: "compare"; readonly arg: string; readonly op: Comparison; readonly value: ArgValue };

export const CONDITION_MAX_LENGTH = 500;
const MAX_DEPTH = 16;

type Token = { readonly t: "ident" | "number" | "string" | "op" | "paren"; readonly v: string };

const TOKEN =
  /\s*(?:(\$?[A-Za-z_][A-Za-z0-9_]*|\$\d+)|(0x[0-9a-fA-F]+|-?\d+)|'([^']*)'|"([^"]*)"|(==|!=|>=|<=|&&|\|\||>|<)|([()]))/y;

function tokenize(text: string): Token[] | undefined {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  let at = 0;
  while (at < text.length) {
    if (/^\s*$/.test(text.slice(at))) break;
    TOKEN.lastIndex = at;
    const m = TOKEN.exec(text);
    if (m === null) return undefined;
    at = TOKEN.lastIndex;
    if (m[1] !== undefined) tokens.push({ t: "ident", v: m[1] });
    else if (m[2] !== undefined) tokens.push({ t: "number", v: m[2] });
    else if (m[3] !== undefined || m[4] !== undefined) tokens.push({ t: "string", v: m[3] ?? m[4] ?? "" });
    else if (m[5] !== undefined) tokens.push({ t: "op", v: m[5] });
    else if (m[6] !== undefined) tokens.push({ t: "paren", v: m[6] });
  }
  return tokens;
}

class Parser {
  private at = 0;
  constructor(private readonly tokens: readonly Token[]) {}

  parse(): Condition | undefined {
    const c = this.or(0);
    return c !== undefined && this.at === this.tokens.length ? c : undefined;
  }

  private peek(): Token | undefined {
    return this.tokens[this.at];
  }

  private or(depth: number): Condition | undefined {
    let left = this.and(depth);
    while (left !== undefined && this.peek()?.v === "||") {
      this.at++;
      const right = this.and(depth);
      left = right === undefined ? undefined : { kind: "or", left, right };
    }
    return left;
  }

  private and(depth: number): Condition | undefined {
    let left = this.primary(depth);
    while (left !== undefined && this.peek()?.v === "&&") {
      this.at++;
      const right = this.primary(depth);
      left = right === undefined ? undefined : { kind: "and", left, right };
    }
    return left;
  }

  private primary(depth: number): Condition | undefined {
    if (depth > MAX_DEPTH) return undefined;
    const token = this.peek();
    if (token?.t === "paren" && token.v === "(") {
      this.at++;
      const inner = this.or(depth + 1);
      if (this.peek()?.v !== ")") return undefined;
      this.at++;
      return inner;
    }
    const [arg, op, value] = [this.tokens[this.at], this.tokens[this.at + 1], this.tokens[this.at + 2]];
    if (arg?.t !== "ident" || op?.t !== "op" || value === undefined) return undefined;
    if (op.v === "&&" || op.v === "||") return undefined;
    const literal = literalOf(value);
    if (literal === undefined) return undefined;
    this.at += 3;
    return { kind: "compare", arg: arg.v, op: op.v as Comparison, value: literal };
  }
}

function literalOf(token: Token): ArgValue | undefined {
  if (token.t === "number") return /^0x[0-9a-fA-F]{40}$/.test(token.v) ? token.v.toLowerCase() : BigInt(token.v);
  if (token.t === "string") return token.v;
  if (token.t === "ident" && (token.v === "true" || token.v === "false")) return token.v === "true";
  return undefined;
}

/** The parsed condition, or undefined when the text is not a well-formed expression. */
export function parseCondition(text: string): Condition | undefined {
  if (text.length === 0 || text.length > CONDITION_MAX_LENGTH) return undefined;
  const tokens = tokenize(text);
  return tokens === undefined || tokens.length === 0 ? undefined : new Parser(tokens).parse();
}

/** Arguments a condition names, so a rule naming an argument its event lacks can be refused. */
export function argsOf(condition: Condition): string[] {
  return condition.kind === "compare" ? [condition.arg] : [...argsOf(condition.left), ...argsOf(condition.right)];
}

function compare(actual: ArgValue, op: Comparison, expected: ArgValue): boolean {
  if (typeof actual === "bigint" && typeof expected === "bigint") {
    switch (op) {
      case "==":
        return actual === expected;
      case "!=":
        return actual !== expected;
      case ">":
        return actual > expected;
      case ">=":
        return actual >= expected;
      case "<":
        return actual < expected;
      case "<=":
        return actual <= expected;
    }
  }
  // Strings (addresses lowercase on both sides) and booleans compare for equality only.
  const a = typeof actual === "string" ? actual.toLowerCase() : actual;
  const b = typeof expected === "string" ? expected.toLowerCase() : expected;
  if (op === "==") return a === b;
  if (op === "!=") return a !== b;
  return false;
}

/** An argument missing from `args` makes its comparison false, never an error. */
export function evaluateCondition(condition: Condition, args: Readonly<Record<string, ArgValue>>): boolean {
  switch (condition.kind) {
    case "and":
      return evaluateCondition(condition.left, args) && evaluateCondition(condition.right, args);
    case "or":
      return evaluateCondition(condition.left, args) || evaluateCondition(condition.right, args);
    case "compare": {
      const actual = Object.hasOwn(args, condition.arg) ? args[condition.arg] : undefined;
      return actual !== undefined && compare(actual, condition.op, condition.value);
    }
  }
}
