import { AbiCoder } from "ethers";

/**
 * What geth's callTracer with `withLog` would answer for a call, rebuilt from the struct logs (memory and stack)
 * the embedded EDR chain gives for it: EDR serves no other tracer, and this lets a test compare both summaries of
 * one execution and a bench weigh both answers. It follows geth's eth/tracers/native/call.go: a frame per CALL*
 * and CREATE* (calls to accounts without code and to precompiles too), its input, output, gas, value (a
 * DELEGATECALL repeats its caller's, a STATICCALL has none), `error` and `revertReason` when it failed, each log
 * with the number of sub-calls its frame had made (`position`), and the logs of failed frames cleared.
 */
interface Step {
  readonly op: string;
  readonly depth: number;
  readonly gas: number;
  readonly gasCost: number;
  readonly stack?: readonly string[];
  readonly memory?: readonly string[];
  readonly error?: unknown;
}
interface StructLogAnswer {
  readonly failed: boolean;
  readonly gas: number;
  readonly returnValue: string;
  readonly structLogs: readonly Step[];
}
interface Log {
  address: string;
  topics: string[];
  data: string;
  position: string;
}
interface Frame {
  from: string;
  gas: string;
  gasUsed: string;
  to?: string;
  input: string;
  output?: string;
  error?: string;
  revertReason?: string;
  calls?: Frame[];
  logs?: Log[];
  value?: string;
  type: string;
}
interface Open {
  readonly frame: Frame;
  readonly depth: number;
  /** Whose storage and logs this frame acts for (a DELEGATECALL keeps its caller's). */
  readonly address: string;
  readonly gasAtStart: number;
}

const q = (n: number | bigint) => `0x${n.toString(16)}`;
const word = (v: string) => (v.startsWith("0x") ? v.slice(2) : v).toLowerCase().padStart(64, "0");
const top = (step: Step, n: number) => word(step.stack?.[step.stack.length - 1 - n] ?? "0");
const num = (step: Step, n: number) => BigInt(`0x${top(step, n)}`);
const address = (step: Step, n: number) => `0x${top(step, n).slice(24)}`;
function memorySlice(step: Step, offset: bigint, size: bigint): string {
  const memory = (step.memory ?? []).map(word).join("");
  return `0x${memory.slice(Number(offset) * 2, Number(offset + size) * 2).padEnd(Number(size) * 2, "0")}`;
}
const ERROR_STRING = "0x08c379a0";
function reasonOf(output: string): string | undefined {
  if (!output.startsWith(ERROR_STRING)) return undefined;
  try {
    return String(AbiCoder.defaultAbiCoder().decode(["string"], `0x${output.slice(10)}`)[0]);
  } catch {
    return undefined;
  }
}

function end(open: Open, last: Step | undefined, next: Step | undefined): void {
  const { frame } = open;
  frame.gasUsed = q(open.gasAtStart - (last === undefined ? open.gasAtStart : last.gas - last.gasCost));
  const op = last?.op ?? "STOP";
  if (op === "RETURN" || op === "REVERT") {
    const output = memorySlice(last!, num(last!, 0), num(last!, 1));
    if (output !== "0x") frame.output = output;
  }
  if (op === "REVERT") {
    frame.error = "execution reverted";
    const reason = frame.output === undefined ? undefined : reasonOf(frame.output);
    if (reason !== undefined) frame.revertReason = reason;
  } else if (op !== "RETURN" && op !== "STOP" && op !== "SELFDESTRUCT") frame.error = "invalid opcode";
  if (frame.type.startsWith("CREATE") && next !== undefined) {
    if (frame.error === undefined) frame.to = address(next, 0);
    else delete frame.to;
  }
}

function clearFailedLogs(frame: Frame, parentFailed: boolean): void {
  const failed = parentFailed || frame.error !== undefined;
  if (failed) delete frame.logs;
  for (const call of frame.calls ?? []) clearFailedLogs(call, failed);
}

export function callFramesFromStructLogs(
  answer: StructLogAnswer,
  call: { readonly from: string; readonly to: string; readonly input: string; readonly value: bigint },
): Frame {
  const steps = answer.structLogs;
  const root: Frame = {
    from: call.from,
    gas: q(steps[0]?.gas ?? 0),
    gasUsed: q(answer.gas),
    to: call.to,
    input: call.input,
    value: q(call.value),
    type: "CALL",
  };
  const open: Open[] = [{ frame: root, depth: 1, address: call.to, gasAtStart: steps[0]?.gas ?? 0 }];
  let pending: Frame | null = null;
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i]!;
    let current = open[open.length - 1]!;
    while (step.depth < current.depth && open.length > 1) {
      end(open.pop()!, steps[i - 1], step);
      current = open[open.length - 1]!;
    }
    if (pending !== null) {
      if (step.depth > current.depth) {
        const context = pending.type === "DELEGATECALL" || pending.type === "CALLCODE" ? current.address : pending.to!;
        open.push({ frame: pending, depth: step.depth, address: context, gasAtStart: step.gas });
        current = open[open.length - 1]!;
      } else {
        // No code ran (an account without code, a precompile): the success flag is on the stack already.
        pending.gasUsed = "0x0";
        if (num(step, 0) === 0n) pending.error = "execution reverted";
      }
      pending = null;
    }
    if (step.op.startsWith("LOG")) {
      const count = Number(step.op.slice(3));
      (current.frame.logs ??= []).push({
        address: current.address,
        topics: Array.from({ length: count }, (_, t) => `0x${top(step, 2 + t)}`),
        data: memorySlice(step, num(step, 0), num(step, 1)),
        position: q(current.frame.calls?.length ?? 0),
      });
    } else if (/^(CALL|CALLCODE|DELEGATECALL|STATICCALL|CREATE2?)$/.test(step.op)) {
      const withValue = step.op === "CALL" || step.op === "CALLCODE";
      const create = step.op.startsWith("CREATE");
      const args = create ? 1 : withValue ? 3 : 2;
      pending = {
        from: current.address,
        gas: q(create ? step.gas : num(step, 0)),
        gasUsed: "0x0",
        ...(create ? {} : { to: address(step, 1) }),
        input: memorySlice(step, num(step, args), num(step, args + 1)),
        ...(step.op === "STATICCALL"
          ? {}
          : { value: q(withValue ? num(step, 2) : create ? num(step, 0) : BigInt(current.frame.value ?? "0x0")) }),
        type: step.op,
      };
      (current.frame.calls ??= []).push(pending);
    }
  }
  // The trace ended inside these frames: the top call failed under them.
  while (open.length > 1) open.pop()!.frame.error = "execution reverted";
  if (answer.returnValue !== "" && answer.returnValue !== "0x")
    root.output = answer.returnValue.startsWith("0x") ? answer.returnValue : `0x${answer.returnValue}`;
  if (answer.failed) {
    root.error = "execution reverted";
    const reason = root.output === undefined ? undefined : reasonOf(root.output);
    if (reason !== undefined) root.revertReason = reason;
  }
  clearFailedLogs(root, false);
  return root;
}
