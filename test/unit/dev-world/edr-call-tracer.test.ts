import { expect } from "chai";
import { callFramesOfEdrTrace, type EdrTraceItem, UnexpectedEdrTrace } from "../../../src/dev-world/edr-call-tracer";

const bytes = (hex: string) => Uint8Array.from(Buffer.from(hex.replace(/^0x/, ""), "hex"));
const A = "0x" + "aa".repeat(20);
const B = "0x" + "bb".repeat(20);
const CREATED = "0x" + "cc".repeat(20);
const message = (depth: number, from: string, to: string | undefined, value = 0n): EdrTraceItem => ({
  caller: bytes(from),
  ...(to === undefined ? {} : { to: bytes(to), codeAddress: bytes(to) }),
  isStaticCall: false,
  gasLimit: 100_000n,
  depth,
  data: bytes("0x1234"),
  value,
});
const step = (opcode: string): EdrTraceItem => ({ pc: 0n, opcode });
const log = (address: string, topic: string) => ({
  address: bytes(address),
  topics: [bytes(topic)],
  data: bytes("0x01"),
});
const ok = (logs: ReturnType<typeof log>[], address?: string): EdrTraceItem => ({
  executionResult: {
    result: {
      gasUsed: 21n,
      logs,
      output: { returnValue: bytes("0x"), ...(address === undefined ? {} : { address: bytes(address) }) },
    },
  },
});
const reverted: EdrTraceItem = { executionResult: { result: { gasUsed: 5n, output: bytes("0xdead") } } };
const outOfGas: EdrTraceItem = { executionResult: { result: { gasUsed: 5n, reason: 0 } } };
const T1 = "0x" + "01".repeat(32);
const T2 = "0x" + "02".repeat(32);

describe("callFramesOfEdrTrace (EDR's execution trace as geth's callTracer tree)", () => {
  it("places each log among its frame's sub-calls and reads it from the execution's log list", () => {
    const root = callFramesOfEdrTrace(
      [message(0, B, A, 5n), step("LOG1"), step("CALL"), message(1, A, B, 2n), ok([log(A, T1)]), ok([log(A, T1)])],
      true,
    );
    expect(root).to.deep.include({ type: "CALL", from: B, to: A, value: "0x5", output: "0x" });
    expect(root).to.not.have.property("error");
    expect(root.logs).to.deep.equal([{ address: A, topics: [T1], data: "0x01", position: "0x0" }]);
    expect(root.calls?.map((c) => [c.type, c.from, c.to, c.value])).to.deep.equal([["CALL", A, B, "0x2"]]);
  });

  it("drops the logs of a frame that reverted, and names the created contract of a CREATE", () => {
    const root = callFramesOfEdrTrace(
      [
        message(0, B, A),
        step("CREATE2"),
        message(1, A, undefined),
        step("LOG1"),
        ok([log(CREATED, T1)], CREATED),
        step("CALL"),
        message(1, A, B),
        step("LOG1"),
        reverted,
        step("LOG1"),
        ok([log(CREATED, T1), log(A, T2)]),
      ],
      true,
    );
    const [created, failed] = root.calls!;
    expect(created).to.deep.include({
      type: "CREATE2",
      to: CREATED,
      logs: [{ address: CREATED, topics: [T1], data: "0x01", position: "0x0" }],
    });
    expect(failed).to.deep.include({ error: "execution reverted", output: "0xdead" });
    expect(failed).to.not.have.property("logs");
    expect(root.logs).to.deep.equal([{ address: A, topics: [T2], data: "0x01", position: "0x2" }]);
  });

  it("says how a halted top call failed, and prints no logs without withLog", () => {
    expect(callFramesOfEdrTrace([message(0, B, A), outOfGas], true)).to.deep.include({ error: "out of gas" });
    const quiet = callFramesOfEdrTrace([message(0, B, A), step("LOG1"), ok([log(A, T1)])], false);
    expect(quiet).to.not.have.property("logs");
  });

  it("refuses a trace whose logs do not match the LOG steps it ran (EDR changed): struct logs then serve", () => {
    expect(() => callFramesOfEdrTrace([message(0, B, A), step("LOG1"), ok([])], true)).to.throw(UnexpectedEdrTrace);
    expect(() => callFramesOfEdrTrace([message(0, B, A)], true)).to.throw(UnexpectedEdrTrace);
  });
});
