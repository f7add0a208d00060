import type { Hex } from "../../chain/chain-types";

export interface BytecodeConstants {
  /** 4-byte values pushed by PUSH1..PUSH4, zero-padded: the dispatcher's function selectors. */
  readonly selectors: ReadonlySet<string>;
  /** 32-byte values pushed by PUSH32 (storage slot constants such as EIP-1967's). */
  readonly words: ReadonlySet<string>;
  /** EIP-1167 minimal proxy prefix present. */
  readonly minimalProxy: boolean;
}

const PUSH1 = 0x60;
const PUSH4 = 0x63;
const PUSH32 = 0x7f;
const MINIMAL_PROXY_PREFIX = "363d3d373d3d3d363d73";

/**
 * Walks the opcodes once, skipping push data, so a selector is only found where code pushes it (a
 * substring search would also match inside unrelated constants). Solidity pushes selectors with
 * leading zero bytes as PUSH3 or shorter, hence the padding.
 */
export function scanBytecode(code: Hex): BytecodeConstants {
  const hex = code.startsWith("0x") ? code.slice(2).toLowerCase() : code.toLowerCase();
  const selectors = new Set<string>();
  const words = new Set<string>();
  const length = hex.length >> 1;
  let i = 0;
  while (i < length) {
    const op = parseInt(hex.substr(i * 2, 2), 16);
    if (op >= PUSH1 && op <= PUSH32) {
      const size = op - PUSH1 + 1;
      const data = hex.substr((i + 1) * 2, size * 2);
      if (op <= PUSH4) selectors.add(data.padStart(8, "0"));
      else if (op === PUSH32) words.add(data);
      i += 1 + size;
    } else {
      i += 1;
    }
  }
  return { selectors, words, minimalProxy: hex.includes(MINIMAL_PROXY_PREFIX) };
}
