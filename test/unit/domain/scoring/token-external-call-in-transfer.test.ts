import { expect } from "chai";
import type { TracedCall } from "../../../../src/domain/chain/chain-types";
import { capabilityFindings } from "../../../../src/domain/scoring/token/capability-flags";
import { addr } from "./support/builders";
import { cleanCapabilities } from "./support/token-fixtures";

const FEE_HOOK = addr(0x7101);
const flagOf = (call: TracedCall, failed = false) => {
  const base = cleanCapabilities();
  const trace = { ...base.transferTrace!.trace, calls: [call], failed };
  const { flags } = capabilityFindings(cleanCapabilities({ transferTrace: { ...base.transferTrace!, trace } }), {
    measuredSellTaxBps: null,
    blacklistedNow: [],
  });
  return flags.find((f) => f.code === "EXTERNAL_CALL_IN_TRANSFER");
};

describe("token flags: EXTERNAL_CALL_IN_TRANSFER from either tracer", () => {
  it("names the program counter when struct logs gave it", () => {
    const flag = flagOf({ op: "CALL", depth: 1, pc: 1234, to: FEE_HOOK });
    expect(flag?.evidence.detail).to.contain(`executed CALL to ${FEE_HOOK} at pc 1234 (depth 1)`);
    expect(flag?.evidence.figures).to.deep.equal({ opcode: "CALL", pc: 1234, calls: 1 });
  });

  it("leaves it out when the node traced calls only (callTracer), and still raises the flag", () => {
    const flag = flagOf({ op: "CALL", depth: 1, pc: null, to: FEE_HOOK });
    expect(flag?.evidence.detail).to.contain(`executed CALL to ${FEE_HOOK} (depth 1)`);
    expect(flag?.evidence.figures).to.deep.equal({ opcode: "CALL", calls: 1 });
  });

  it("is high when the traced transfer reverted: the outside code stopped it (or is not there)", () => {
    const ran = flagOf({ op: "CALL", depth: 1, pc: 88, to: FEE_HOOK });
    const refused = flagOf({ op: "CALL", depth: 1, pc: 88, to: FEE_HOOK }, true);
    expect([ran?.severity, ran?.points]).to.deep.equal(["medium", -10]);
    expect([refused?.severity, refused?.points]).to.deep.equal(["high", -30]);
    expect(refused?.evidence.detail).to.match(/at pc 88 \(depth 1\), and the transfer reverted\.$/);
    expect(refused?.evidence.figures).to.deep.equal({ opcode: "CALL", pc: 88, calls: 1, transferReverted: "yes" });
  });
});
