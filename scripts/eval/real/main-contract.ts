import { Interface, type InterfaceAbi } from "ethers";
import { disassemble, OP } from "../../../src/domain/chain/evm-disassembler";

/**
 * Whether the contract a manifest names is the one whose runtime code sits at the labelled address: a source file
 * often holds several deployable contracts (a token and its MasterChef, a proxy and its implementation), and the
 * label is the address's. Read by dispatched selectors: the functions a contract's ABI declares against the ones the
 * address's dispatcher compares calldata with. Compiler settings change the code, never this set.
 */

/**
 * Selectors the dispatcher compares calldata with: a PUSH3 or PUSH4 followed by EQ (a selector with a leading zero
 * byte is pushed shorter), or a PUSH4 followed by one DUPn and then EQ (solc 0.4). PUSH1 and PUSH2 before EQ compare
 * small numbers (an enum, `success == 0`); a selector with two leading zero bytes is one in 65,536 and is left out.
 */
export function dispatchedSelectors(runtime: string): Set<string> {
  const code = disassemble(runtime);
  const out = new Set<string>();
  code.forEach((ins, i) => {
    if (ins.push === undefined || ins.op < OP.PUSH4 - 1 || ins.op > OP.PUSH4) return;
    const next = code[i + 1]?.op;
    const isDup = next !== undefined && next >= 0x80 && next <= 0x8f;
    const dupThenEq = isDup && ins.op === OP.PUSH4 && code[i + 2]?.op === OP.EQ;
    if (next === OP.EQ || dupThenEq) out.add(ins.push.padStart(8, "0"));
  });
  return out;
}

/** The selectors of a contract's external functions (its ABI's, views included). */
export function abiSelectors(abi: InterfaceAbi): string[] {
  const fragments = new Interface(abi).fragments;
  return fragments.flatMap((f) => (f.type === "function" && "selector" in f ? [String(f.selector).slice(2)] : []));
}

export interface SelectorMatch {
  /** Share of the contract's functions the address dispatches. */
  readonly declaredAndDispatched: number;
  /** Share of the address's dispatched selectors the contract declares. */
  readonly dispatchedAndDeclared: number;
}

export function selectorMatch(declared: readonly string[], dispatched: ReadonlySet<string>): SelectorMatch {
  const declaredSet = new Set(declared);
  const shared = [...declaredSet].filter((s) => dispatched.has(s)).length;
  return {
    declaredAndDispatched: declaredSet.size === 0 ? 0 : shared / declaredSet.size,
    dispatchedAndDeclared: dispatched.size === 0 ? 0 : shared / dispatched.size,
  };
}

/** The lower of the two shares: 1 only where the address dispatches exactly the contract's functions. */
export const matchScore = (m: SelectorMatch): number => Math.min(m.declaredAndDispatched, m.dispatchedAndDeclared);

/**
 * Below this the named contract is not the one at the address. Compiled with the corpus's settings, 53 of the 58
 * CRPWarner entries whose code CRPWarner publishes match their address's code exactly (1.00) and the other five at
 * most 0.12; the margin is for a getter an optimizer inlines.
 */
export const SAME_CONTRACT_MIN = 0.8;

export interface MainContractReading {
  readonly named: string;
  readonly namedScore: number;
  /** How many selectors the address dispatches: none for a fallback-only proxy (an EIP-1167 clone, a Safe proxy). */
  readonly dispatched: number;
  /** The source's contracts that match the address best (ties all named), where the named one is not among them. */
  readonly best: { readonly names: readonly string[]; readonly score: number } | null;
}

/** How well each of a source's contracts (name -> ABI selectors) matches the address's runtime code. */
export function readMainContract(
  named: string,
  contracts: ReadonlyMap<string, readonly string[]>,
  runtime: string,
): MainContractReading {
  const dispatched = dispatchedSelectors(runtime);
  const scores = [...contracts].map(([name, selectors]) => ({
    name,
    score: matchScore(selectorMatch(selectors, dispatched)),
  }));
  const namedScore = scores.find((s) => s.name === named)?.score ?? 0;
  const top = Math.max(0, ...scores.map((s) => s.score));
  const best =
    top > namedScore ? { names: scores.filter((s) => s.score === top).map((s) => s.name), score: top } : null;
  return { named, namedScore, dispatched: dispatched.size, best };
}
