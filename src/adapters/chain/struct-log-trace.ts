import * as t from "io-ts";
import { isRight } from "fp-ts/Either";
import { asAddress } from "../../domain/chain/address";
import type { CallTrace, TracedCall } from "../../domain/chain/chain-types";
import { asHex } from "../shared/hex-values";

const StructLog = t.type({
  op: t.string,
  pc: t.number,
  depth: t.number,
  stack: t.union([t.array(t.string), t.undefined]),
});
const StructLogTrace = t.type({ failed: t.boolean, structLogs: t.array(StructLog) });

const CALL_OPS = new Set<string>(["CALL", "CALLCODE", "DELEGATECALL", "STATICCALL"]);

/** A stack word as the node prints it (with or without 0x, padded or not) to a 32-byte hex word. */
function word(value: string): string {
  const digits = value.startsWith("0x") ? value.slice(2) : value;
  return digits.toLowerCase().padStart(64, "0");
}

/**
 * debug_traceCall's default (struct log) answer, as geth and Hardhat give it, reduced to the calls made and
 * the storage written: the stack's top is its last element, so CALL's target is the second from the end and
 * SSTORE's slot the last.
 */
export function summarizeStructLogs(answer: unknown): CallTrace {
  const decoded = StructLogTrace.decode(answer);
  if (!isRight(decoded)) throw new Error("debug_traceCall answered no struct logs");
  const calls: TracedCall[] = [];
  const storageWrites: { depth: number; pc: number; slot: ReturnType<typeof asHex> }[] = [];
  for (const step of decoded.right.structLogs) {
    const stack = step.stack ?? [];
    if (CALL_OPS.has(step.op) && stack.length >= 2) {
      const to = asAddress(`0x${word(stack[stack.length - 2]!).slice(24)}`);
      calls.push({ op: step.op as TracedCall["op"], depth: step.depth, pc: step.pc, to });
    } else if (step.op === "SSTORE" && stack.length >= 1) {
      storageWrites.push({ depth: step.depth, pc: step.pc, slot: asHex(`0x${word(stack[stack.length - 1]!)}`) });
    }
  }
  return { failed: decoded.right.failed, calls, storageWrites, steps: decoded.right.structLogs.length };
}
