import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "chai";

const USE_CASES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../src/application/use-cases");

/** The declared return type of every `execute(...)` in a source file (the text between `):` and the body's `{`). */
export function executeReturnTypes(source: string): string[] {
  const types: string[] = [];
  for (const match of source.matchAll(/^\s+(?:async\s+)?execute(?:<[^>]*>)?\(/gm)) {
    let depth = 0;
    let i = (match.index ?? 0) + match[0].length - 1;
    for (; i < source.length; i++) {
      if (source[i] === "(") depth++;
      else if (source[i] === ")" && --depth === 0) break;
    }
    const rest = source.slice(i + 1);
    const body = rest.search(/\{\s*$/m);
    types.push(
      rest
        .slice(0, body)
        .replace(/^\s*:\s*/, "")
        .trim(),
    );
  }
  return types;
}

const isTaskEither = (type: string): boolean => /^(TE\.)?TaskEither</.test(type);

function useCaseFiles(dir: string, prefix = ""): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? useCaseFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`)
      : entry.name.endsWith(".use-case.ts")
        ? [`${prefix}${entry.name}`]
        : [],
  );
}

describe("use-case shape (issue 30, item 5): execute returns a TaskEither of a tagged failure", () => {
  it("reads an execute's declared return type, across lines", () => {
    const source = [
      "export class A {",
      "  execute(a: string, b: { c: (d: number) => void }): TE.TaskEither<AFailure, number> {",
      "    return TE.right(1);",
      "  }",
      "}",
      "export class B {",
      "  execute<E, A>(input: I<E, A>): TaskEither<F<E>, A> {",
      "    return TE.right(input);",
      "  }",
      "  async execute(",
      "    x: X,",
      "  ): Promise<E.Either<BFailure, number>> {",
      "    return E.right(2);",
      "  }",
      "}",
    ].join("\n");
    expect(executeReturnTypes(source)).to.deep.equal([
      "TE.TaskEither<AFailure, number>",
      "TaskEither<F<E>, A>",
      "Promise<E.Either<BFailure, number>>",
    ]);
    expect(executeReturnTypes(source).map(isTaskEither)).to.deep.equal([true, true, false]);
  });

  it("every use case returns a TaskEither from execute", () => {
    const files = useCaseFiles(USE_CASES);
    expect(files.length).to.be.greaterThan(50);
    const offShape = files.filter((file) => {
      const types = executeReturnTypes(readFileSync(path.join(USE_CASES, file), "utf8"));
      return types.length === 0 || !types.every(isTaskEither);
    });
    expect(offShape).to.deep.equal([]);
  });
});
