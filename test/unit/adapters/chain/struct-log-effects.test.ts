import { expect } from "chai";
import { effectsOfStructLogs } from "../../../../src/adapters/chain/struct-log-effects";
import { asAddress } from "../../../../src/domain/chain/address";

const SIGNER = asAddress("0x00000000000000000000000000000000000000a1");
const ROUTER = asAddress("0x00000000000000000000000000000000000000b2");
const TOKEN = asAddress("0x00000000000000000000000000000000000000c3");
const TRANSFER = "ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
const pad = (hex: string) => hex.replace(/^0x/, "").padStart(64, "0");
const top = { from: SIGNER, to: ROUTER, value: 0n };

/**
 * The router calls the token (depth 2), which emits Transfer(signer -> router, 0x2a) from memory and returns.
 * Geth and Hardhat print the stack bottom first: LOG3 reads offset, size, then the topics from the top.
 */
function swapTrace(overrides: { readonly logStack?: unknown; readonly logMemory?: unknown; readonly filler?: object }) {
  const logStack = [`0x${pad(ROUTER)}`, `0x${pad(SIGNER)}`, `0x${TRANSFER}`, "0x20", "0x0"];
  return {
    failed: false,
    structLogs: [
      { op: "PUSH1", depth: 1, stack: [], memory: [], ...overrides.filler },
      { op: "CALL", depth: 1, stack: ["0x0", "0x0", "0x0", "0x0", "0x0", TOKEN, "0xffff"], memory: [] },
      { op: "PUSH1", depth: 2, stack: [], memory: [], ...overrides.filler },
      {
        op: "LOG3",
        depth: 2,
        stack: "logStack" in overrides ? overrides.logStack : logStack,
        memory: "logMemory" in overrides ? overrides.logMemory : [pad("0x2a")],
      },
      { op: "STOP", depth: 2, stack: [], memory: [] },
      { op: "STOP", depth: 1, stack: [], memory: [] },
    ],
  };
}

describe("effectsOfStructLogs (debug_traceCall's struct logs to a receipt's logs)", () => {
  it("reads a nested frame's log: the callee as emitter, topics from the stack, data from memory", () => {
    expect(effectsOfStructLogs(swapTrace({}), top)).to.deep.equal({
      failed: false,
      logs: [
        {
          address: TOKEN,
          topics: [`0x${TRANSFER}`, `0x${pad(SIGNER)}`, `0x${pad(ROUTER)}`],
          data: `0x${pad("0x2a")}`,
        },
      ],
      valueMoves: [],
    });
  });

  it("refuses a LOG step whose stack or memory is not a list of hex words", () => {
    expect(() => effectsOfStructLogs(swapTrace({ logStack: "0x20" }), top)).to.throw(/LOG3 step with no stack/);
    expect(() => effectsOfStructLogs(swapTrace({ logMemory: [42] }), top)).to.throw(/LOG3 step with no memory/);
  });

  it("refuses an answer without struct logs, or with a step that has no op or depth", () => {
    expect(() => effectsOfStructLogs({ failed: false }, top)).to.throw(/no struct logs/);
    expect(() => effectsOfStructLogs({ failed: false, structLogs: [{ op: "STOP" }] }, top)).to.throw(/no struct logs/);
  });

  it("does not read the stack and memory of steps that neither log nor call (most of a trace's bytes)", () => {
    const answer = effectsOfStructLogs(swapTrace({ filler: { stack: null, memory: "unread" } }), top);
    expect(answer.logs).to.have.length(1);
  });
});
