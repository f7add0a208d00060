import { isJsonObject } from "./guard-input-error";
import type { Condition } from "./event-condition";
import type { ParsedSignature, SignatureParser } from "./watched-contracts";

/**
 * OpenZeppelin Monitor names signatures by their types only (`Transfer(address,address,uint256)`) and
 * keeps the parameter names in the monitor's `contract_spec` (an ABI). Protocol Guard's conditions read
 * arguments by name, so the named form is rebuilt from the ABI entry whose types match.
 */
const compact = (text: string): string => text.replace(/\s+/g, "");

interface AbiInput {
  readonly name: string;
  readonly type: string;
  readonly indexed: boolean;
}

function abiInputs(entry: Record<string, unknown>): AbiInput[] | undefined {
  if (!Array.isArray(entry.inputs)) return undefined;
  const inputs: AbiInput[] = [];
  for (const input of entry.inputs) {
    if (!isJsonObject(input) || typeof input.type !== "string") return undefined;
    // Tuples would need their components spelled out; the monitor's own signature is used instead.
    if (input.type.startsWith("tuple")) return undefined;
    const name = typeof input.name === "string" && /^[A-Za-z_][A-Za-z0-9_]*$/.test(input.name) ? input.name : "";
    inputs.push({ name, type: input.type, indexed: input.indexed === true });
  }
  return inputs;
}

/** `Transfer(address indexed from, address indexed to, uint256 value)` from the matching ABI entry, if any. */
export function namedSignature(kind: "event" | "function", signature: string, specs: readonly unknown[]): string {
  for (const spec of specs) {
    if (!Array.isArray(spec)) continue;
    for (const entry of spec) {
      if (!isJsonObject(entry) || entry.type !== kind || typeof entry.name !== "string") continue;
      const inputs = abiInputs(entry);
      if (inputs === undefined) continue;
      if (`${entry.name}(${inputs.map((i) => i.type).join(",")})` !== compact(signature)) continue;
      const params = inputs.map((i) => [i.type, i.indexed && kind === "event" ? "indexed" : "", i.name]);
      return `${entry.name}(${params.map((p) => p.filter((s) => s !== "").join(" ")).join(", ")})`;
    }
  }
  return signature;
}

/** The named form when it parses, else the monitor's text; undefined when neither parses. */
export function parseMonitorSignature(
  kind: "event" | "function",
  signature: string,
  specs: readonly unknown[],
  parse: SignatureParser,
): ParsedSignature | undefined {
  return parse(kind, namedSignature(kind, signature, specs)) ?? parse(kind, signature);
}

function argsOf(condition: Condition): string[] {
  return condition.kind === "compare" ? [condition.arg] : [...argsOf(condition.left), ...argsOf(condition.right)];
}

/** Arguments the condition reads that the signature does not have (by name or `$index`). */
export function unknownArguments(condition: Condition, signature: ParsedSignature): string[] {
  const names = new Set(signature.inputs.map((i) => i.name).filter((n) => n !== ""));
  return [...new Set(argsOf(condition))].filter((arg) => {
    const position = /^\$(\d+)$/.exec(arg);
    return position === null ? !names.has(arg) : Number(position[1]) >= signature.inputs.length;
  });
}
