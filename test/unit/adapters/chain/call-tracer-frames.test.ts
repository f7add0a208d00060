import { expect } from "chai";
import {
  callTraceOfCallFrames,
  simulationOfCallFrames,
  UnreadableCallTrace,
} from "../../../../src/adapters/chain/call-tracer-frames";
import {
  AFTER,
  APPROVAL,
  approveAnswer,
  BEFORE,
  CATCHER,
  caughtRevertAnswer,
  INNER,
  PAIR,
  PAYEE,
  SWAP,
  swapAnswer,
  SWAPPER,
  SYNC,
  TOKEN,
  topRevertAnswer,
  TRANSFER,
  USDC,
} from "../../../support/call-tracer-fixtures";

const topicsOf = (answer: ReturnType<typeof simulationOfCallFrames>) =>
  answer.logs.map((l) => [l.address, l.topics[0]]);

describe("simulationOfCallFrames (debug_traceCall's callTracer with withLog to a receipt's logs)", () => {
  it("an ERC-20 approve: one Approval log from the token, the call's output as return data", () => {
    const answer = simulationOfCallFrames(approveAnswer());
    expect(answer.outcome).to.deep.equal({ ok: true, returnData: `0x${"0".repeat(63)}1` });
    expect(answer.logs).to.have.length(1);
    expect(answer.logs[0]!.address).to.equal(USDC);
    expect(answer.logs[0]!.topics[0]).to.equal(APPROVAL);
    expect(answer.valueMoves).to.deep.equal([]);
  });

  it("a swap: logs in execution order, a frame's own logs placed after the sub-calls their position counts", () => {
    expect(topicsOf(simulationOfCallFrames(swapAnswer()))).to.deep.equal([
      [USDC, TRANSFER],
      [TOKEN, TRANSFER],
      [PAIR, SYNC],
      [PAIR, SWAP],
    ]);
  });

  it("a caught inner revert: its value move and logs are gone, the caller's before and after it stay", () => {
    for (const keepFailedLogs of [false, true]) {
      const answer = simulationOfCallFrames(caughtRevertAnswer(keepFailedLogs));
      expect(topicsOf(answer)).to.deep.equal([
        [CATCHER, BEFORE],
        [CATCHER, AFTER],
      ]);
      expect(answer.valueMoves).to.deep.equal([
        { from: SWAPPER, to: CATCHER, value: 3n },
        { from: CATCHER, to: PAYEE, value: 2n },
      ]);
      expect(answer.outcome.ok).to.equal(true);
    }
  });

  it("a top-level revert: its data and reason as eth_call gives them, and no effects", () => {
    const answer = simulationOfCallFrames(topRevertAnswer());
    expect(answer.outcome).to.include({ ok: false, reason: "nope, not today" });
    expect(answer.logs).to.deep.equal([]);
    expect(answer.valueMoves).to.deep.equal([]);
  });

  it("a failure without revert data keeps the node's words as the reason", () => {
    const answer = simulationOfCallFrames({
      ...topRevertAnswer(),
      output: undefined,
      revertReason: undefined,
      error: "out of gas",
    });
    expect(answer.outcome).to.deep.equal({ ok: false, revertData: "0x", reason: "out of gas" });
  });

  it("logs without position (older nodes) go after the frame's sub-calls", () => {
    const swap = swapAnswer() as { calls: { logs?: { position?: string }[] }[] };
    for (const call of swap.calls) for (const log of call.logs ?? []) delete log.position;
    expect(topicsOf(simulationOfCallFrames(swap)).map(([, topic]) => topic)).to.deep.equal([
      TRANSFER,
      TRANSFER,
      SYNC,
      SWAP,
    ]);
  });

  it("DELEGATECALL frames repeat their caller's value and move nothing", () => {
    const answer = simulationOfCallFrames({
      ...approveAnswer(),
      value: "0x5",
      calls: [{ from: USDC, gas: "0x1", gasUsed: "0x1", to: INNER, input: "0x", value: "0x5", type: "DELEGATECALL" }],
    });
    expect(answer.valueMoves).to.deep.equal([{ from: SWAPPER, to: USDC, value: 5n }]);
  });

  it("refuses an answer that is not a call frame (struct logs, a bad log) as an unreadable call trace", () => {
    expect(() => simulationOfCallFrames({ failed: false, structLogs: [] })).to.throw(UnreadableCallTrace);
    expect(() => simulationOfCallFrames({ ...approveAnswer(), logs: [{ address: USDC, topics: "x" }] })).to.throw(
      UnreadableCallTrace,
    );
  });
});

describe("callTraceOfCallFrames (the calls a traced transfer made)", () => {
  it("lists every message call with the caller's depth, reverted or not, without program counters", () => {
    expect(callTraceOfCallFrames(swapAnswer())).to.deep.equal({
      failed: false,
      calls: [
        { op: "CALL", depth: 1, pc: null, to: USDC },
        { op: "CALL", depth: 1, pc: null, to: PAIR },
        { op: "CALL", depth: 2, pc: null, to: TOKEN },
        { op: "STATICCALL", depth: 2, pc: null, to: USDC },
        { op: "STATICCALL", depth: 2, pc: null, to: TOKEN },
      ],
      storageWrites: null,
      steps: null,
    });
    expect(callTraceOfCallFrames(caughtRevertAnswer()).calls.map((c) => c.to)).to.deep.equal([INNER, PAYEE, PAYEE]);
    expect(callTraceOfCallFrames(topRevertAnswer()).failed).to.equal(true);
  });
});
