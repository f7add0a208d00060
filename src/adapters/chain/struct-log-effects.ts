import * as t from "io-ts";
import { isRight } from "fp-ts/Either";
import { asAddress, type Address } from "../../domain/chain/address";
import type { NativeValueMove, SimulatedLog } from "../../domain/chain/chain-types";
import { asHex } from "../shared/hex-values";

/**
 * Every step is checked for what is read of every step (op, depth); its stack and memory, the bulk of the answer
 * (a Uniswap swap on Hardhat: ~4,600 steps, ~10 MB), only on the steps that read them (LOG*, CALL*, CREATE*), where
 * `Words` checks them. Decoding every word of every step cost as much as the rest of the scan's own work.
 */
const Step = t.type({ op: t.string, depth: t.number });
const Trace = t.type({ failed: t.boolean, structLogs: t.array(Step) });
const Words = {
  stack: t.union([t.array(t.string), t.undefined]),
  memory: t.union([t.array(t.string), t.undefined, t.null]),
};
interface Step extends t.TypeOf<typeof Step> {
  readonly stack?: unknown;
  readonly memory?: unknown;
}

function wordsOf(step: Step, field: "stack" | "memory"): readonly string[] {
  const words = Words[field].decode(step[field]);
  if (!isRight(words)) throw new Error(`debug_traceCall answered a ${step.op} step with no ${field} of hex words`);
  return words.right ?? [];
}

interface Frame {
  /** Whose logs this frame emits (the storage context: a DELEGATECALL keeps the caller's); null for a CREATE. */
  readonly emitter: Address | null;
  readonly depth: number;
  readonly logs: SimulatedLog[];
  readonly valueMoves: NativeValueMove[];
}

const word = (value: string): string =>
  (value.startsWith("0x") ? value.slice(2) : value).toLowerCase().padStart(64, "0");
const fromTop = (stack: readonly string[], n: number): string => word(stack[stack.length - 1 - n] ?? "0");
const addressWord = (value: string): Address => asAddress(`0x${value.slice(24)}`);
const ENDS_WELL = new Set(["RETURN", "STOP", "SELFDESTRUCT"]);
const CALLS = new Set(["CALL", "CALLCODE", "DELEGATECALL", "STATICCALL", "CREATE", "CREATE2"]);

function logOf(step: Step, emitter: Address): SimulatedLog {
  const stack = wordsOf(step, "stack");
  const offset = Number(BigInt(`0x${fromTop(stack, 0)}`));
  const size = Number(BigInt(`0x${fromTop(stack, 1)}`));
  const count = Number(step.op.slice(3));
  const topics = Array.from({ length: count }, (_, i) => asHex(`0x${fromTop(stack, 2 + i)}`));
  const memory = wordsOf(step, "memory").join("");
  const data = memory.slice(offset * 2, (offset + size) * 2).padEnd(size * 2, "0");
  return { address: emitter, topics, data: asHex(`0x${data}`) };
}

/**
 * The logs and native value moves of a call traced with debug_traceCall (struct logs with memory and stack), as a
 * receipt would hold them had it been sent: a frame that reverted takes its logs and value moves with it. `from` and
 * `to` are the top call's; `value` its native value.
 */
export function effectsOfStructLogs(
  answer: unknown,
  top: { readonly from: Address; readonly to: Address; readonly value: bigint },
): { failed: boolean; logs: SimulatedLog[]; valueMoves: NativeValueMove[] } {
  const decoded = Trace.decode(answer);
  if (!isRight(decoded)) throw new Error("debug_traceCall answered no struct logs");
  const steps: readonly Step[] = decoded.right.structLogs;
  const root: Frame = { emitter: top.to, depth: 1, logs: [], valueMoves: [] };
  if (top.value > 0n) root.valueMoves.push({ from: top.from, to: top.to, value: top.value });
  const frames: Frame[] = [root];
  let pending: { op: string; to: Address | null; value: bigint; from: Address | null } | null = null;
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i]!;
    let frame = frames[frames.length - 1]!;
    if (pending !== null) {
      const move =
        pending.value > 0n && pending.to !== null && pending.from !== null
          ? { from: pending.from, to: pending.to, value: pending.value }
          : null;
      if (step.depth > frame.depth) {
        const emitter = pending.op === "DELEGATECALL" || pending.op === "CALLCODE" ? frame.emitter : pending.to;
        const child: Frame = { emitter, depth: step.depth, logs: [], valueMoves: move === null ? [] : [move] };
        frames.push(child);
        frame = child;
      } else if (move !== null) frame.valueMoves.push(move); // a call to an account without code
      pending = null;
    }
    while (step.depth < frame.depth && frames.length > 1) {
      const ended = frames.pop()!;
      const parent = frames[frames.length - 1]!;
      if (ENDS_WELL.has(steps[i - 1]?.op ?? "")) {
        parent.logs.push(...ended.logs);
        parent.valueMoves.push(...ended.valueMoves);
      }
      frame = parent;
    }
    if (step.op.startsWith("LOG") && frame.emitter !== null) frame.logs.push(logOf(step, frame.emitter));
    else if (CALLS.has(step.op)) {
      const stack = wordsOf(step, "stack");
      const create = step.op.startsWith("CREATE");
      // CALLCODE's value stays in the caller (it runs the callee's code as itself): not a move.
      const value =
        step.op === "CALL" ? BigInt(`0x${fromTop(stack, 2)}`) : create ? BigInt(`0x${fromTop(stack, 0)}`) : 0n;
      pending = { op: step.op, to: create ? null : addressWord(fromTop(stack, 1)), value, from: frame.emitter };
    }
  }
  while (frames.length > 1) {
    // The trace ended inside a frame (a failed top call): nothing of it stands.
    frames.pop();
  }
  const failed = decoded.right.failed;
  return { failed, logs: failed ? [] : root.logs, valueMoves: failed ? [] : root.valueMoves };
}
