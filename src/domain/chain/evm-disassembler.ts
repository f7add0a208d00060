import type { Hex } from "./chain-types";

/** One EVM instruction: its offset, opcode and (for PUSH1..PUSH32) the pushed bytes as lowercase hex. */
export interface Instruction {
  readonly pc: number;
  readonly op: number;
  readonly push?: string;
}

export const OP = {
  STOP: 0x00,
  EQ: 0x14,
  SLOAD: 0x54,
  SSTORE: 0x55,
  JUMP: 0x56,
  JUMPI: 0x57,
  JUMPDEST: 0x5b,
  PUSH0: 0x5f,
  PUSH1: 0x60,
  PUSH4: 0x63,
  PUSH32: 0x7f,
  CALL: 0xf1,
  CALLCODE: 0xf2,
  RETURN: 0xf3,
  DELEGATECALL: 0xf4,
  STATICCALL: 0xfa,
  REVERT: 0xfd,
  INVALID: 0xfe,
  SELFDESTRUCT: 0xff,
} as const;

const TERMINATORS = new Set<number>([OP.STOP, OP.JUMP, OP.RETURN, OP.REVERT, OP.INVALID, OP.SELFDESTRUCT]);

function stripHex(code: Hex | string): string {
  return (code.startsWith("0x") ? code.slice(2) : code).toLowerCase();
}

/**
 * Solidity and Vyper append CBOR metadata whose length is the code's last two bytes; its bytes are data,
 * not instructions (they may well contain 0xff), so they are cut before disassembling.
 */
export function withoutMetadata(hex: string): string {
  if (hex.length < 4) return hex;
  const length = Number.parseInt(hex.slice(-4), 16);
  const start = hex.length - 4 - length * 2;
  if (length === 0 || start < 0) return hex;
  const first = Number.parseInt(hex.slice(start, start + 2), 16);
  // A CBOR map header (0xa0..0xbf) is what the compilers write.
  return first >= 0xa0 && first <= 0xbf ? hex.slice(0, start) : hex;
}

/** Linear sweep that steps over PUSH data, so push bytes are never read as opcodes. */
export function disassemble(code: Hex | string): Instruction[] {
  const hex = withoutMetadata(stripHex(code));
  const length = hex.length >> 1;
  const out: Instruction[] = [];
  let pc = 0;
  while (pc < length) {
    const op = Number.parseInt(hex.substr(pc * 2, 2), 16);
    if (op >= OP.PUSH1 && op <= OP.PUSH32) {
      const size = op - OP.PUSH1 + 1;
      out.push({ pc, op, push: hex.substr((pc + 1) * 2, size * 2).padEnd(size * 2, "0") });
      pc += 1 + size;
    } else {
      out.push({ pc, op });
      pc += 1;
    }
  }
  return out;
}

/**
 * Instructions that can run: a block that follows a terminator without starting at a JUMPDEST can only be
 * data (embedded creation code, constructor arguments, an unreachable tail), so it is dropped.
 */
export function liveInstructions(instructions: readonly Instruction[]): Instruction[] {
  const live: Instruction[] = [];
  let reachable = true;
  for (const ins of instructions) {
    if (ins.op === OP.JUMPDEST) reachable = true;
    if (reachable) live.push(ins);
    if (TERMINATORS.has(ins.op)) reachable = false;
  }
  return live;
}

export interface OpcodeFindings {
  /** Offsets of each opcode of interest in live code. */
  readonly selfDestruct: readonly number[];
  readonly delegateCall: readonly number[];
  readonly call: readonly number[];
  readonly callCode: readonly number[];
  /** Selectors the dispatcher compares calldata with (PUSH1..4 followed by EQ), as 8 hex digits. */
  readonly dispatched: readonly string[];
  /** Every 32-byte constant pushed (storage slots such as EIP-1967's). */
  readonly words: ReadonlySet<string>;
}

export function opcodeFindings(code: Hex | string): OpcodeFindings {
  const live = liveInstructions(disassemble(code));
  const at = (op: number): number[] => live.filter((i) => i.op === op).map((i) => i.pc);
  const dispatched = new Set<string>();
  const words = new Set<string>();
  live.forEach((ins, index) => {
    if (ins.push === undefined) return;
    if (ins.op === OP.PUSH32) words.add(ins.push);
    // Solidity: `PUSH4 sel EQ` or `DUP1 PUSH4 sel EQ` (selectors with leading zero bytes use a shorter push).
    if (ins.op <= OP.PUSH4 && live[index + 1]?.op === OP.EQ) dispatched.add(ins.push.padStart(8, "0"));
  });
  return {
    selfDestruct: at(OP.SELFDESTRUCT),
    delegateCall: at(OP.DELEGATECALL),
    call: at(OP.CALL),
    callCode: at(OP.CALLCODE),
    dispatched: [...dispatched],
    words,
  };
}
