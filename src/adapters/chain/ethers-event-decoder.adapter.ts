import { EventFragment, FunctionFragment, Interface, type ParamType } from "ethers";
import { injectable } from "inversify";
import type { EventDecoder } from "../../application/ports/event-decoder.port";
import type { ArgValue } from "../../domain/protocol-guard/event-condition";
import type { ParsedSignature, SignatureParser } from "../../domain/protocol-guard/watched-contracts";

/**
 * Event and function signatures parsed by ethers' human-readable ABI: `Borrow(address,uint256)`,
 * `event Borrow(address indexed user, uint256 amount)`, `function borrow(uint256 amount)`.
 */
export const ethersSignatureParser: SignatureParser = (kind, text) => {
  try {
    const body = text.trim().replace(/^(event|function)\s+/, "");
    if (kind === "event") {
      const fragment = EventFragment.from(`event ${body}`);
      return parsed(fragment.name, fragment.format("sighash"), fragment.topicHash, fragment.inputs);
    }
    const fragment = FunctionFragment.from(`function ${body}`);
    return parsed(fragment.name, fragment.format("sighash"), fragment.selector, fragment.inputs);
  } catch {
    return undefined;
  }
};

function parsed(name: string, signature: string, hash: string, inputs: readonly ParamType[]): ParsedSignature {
  return {
    signature,
    name,
    hash: hash.toLowerCase(),
    inputs: inputs.map((p) => ({ name: p.name, type: p.type, indexed: p.indexed === true })),
  };
}

/** The human-readable fragment of a stored signature, names and `indexed` included. */
function fragmentText(kind: "event" | "function", s: ParsedSignature): string {
  const params = s.inputs.map((i) => [i.type, i.indexed ? "indexed" : "", i.name].filter((p) => p !== "").join(" "));
  return `${kind} ${s.name}(${params.join(", ")})`;
}

/** Plain values only: bigint for integers, lowercase hex for addresses and bytes, text otherwise. */
function plain(value: unknown): ArgValue | undefined {
  if (typeof value === "bigint" || typeof value === "boolean") return value;
  if (typeof value === "string") return /^0x[0-9a-fA-F]*$/.test(value) ? value.toLowerCase() : value;
  return undefined;
}

function named(
  inputs: readonly ParsedSignature["inputs"][number][],
  values: readonly unknown[],
): Record<string, ArgValue> {
  const args: Record<string, ArgValue> = {};
  values.forEach((raw, i) => {
    const value = plain(raw);
    if (value === undefined) return;
    args[`$${i}`] = value;
    const name = inputs[i]?.name;
    if (name !== undefined && name !== "" && !name.startsWith("$")) args[name] = value;
  });
  return args;
}

/** Decodes with one ethers Interface per signature, built once and kept (bounded). */
@injectable()
export class EthersEventDecoder implements EventDecoder {
  private readonly interfaces = new Map<string, Interface>();

  decodeLog(
    signature: ParsedSignature,
    topics: readonly string[],
    data: string,
  ): Readonly<Record<string, ArgValue>> | null {
    try {
      const fragment = this.interfaceOf("event", signature).getEvent(signature.hash);
      if (fragment === null) return null;
      const values = this.interfaceOf("event", signature).decodeEventLog(fragment, data, [...topics]);
      return named(signature.inputs, [...values]);
    } catch {
      return null;
    }
  }

  decodeCall(signature: ParsedSignature, input: string): Readonly<Record<string, ArgValue>> | null {
    try {
      const iface = this.interfaceOf("function", signature);
      const fragment = iface.getFunction(signature.hash);
      if (fragment === null) return null;
      return named(signature.inputs, [...iface.decodeFunctionData(fragment, input)]);
    } catch {
      return null;
    }
  }

  private interfaceOf(kind: "event" | "function", signature: ParsedSignature): Interface {
    const text = fragmentText(kind, signature);
    let iface = this.interfaces.get(text);
    if (iface === undefined) {
      iface = new Interface([text]);
      if (this.interfaces.size > 10_000) this.interfaces.clear();
      this.interfaces.set(text, iface);
    }
    return iface;
  }
}
