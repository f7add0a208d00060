import { expect } from "chai";
import { makeError } from "ethers";
import { UnreadableCallTrace } from "../../../../src/adapters/chain/call-tracer-frames";
import { refusesCallTracer, TracerChoice } from "../../../../src/adapters/chain/tracer-choice";

/** How ethers' JsonRpcProvider wraps a JSON-RPC error answer to a method it has no special case for. */
const answered = (code: number, message: string) =>
  makeError("could not coalesce error", "UNKNOWN_ERROR", { error: { code, message }, payload: {} });

describe("refusesCallTracer (a node's word that it does not serve callTracer)", () => {
  it("reads a refused tracer, a missing method and an unreadable answer as a refusal", () => {
    expect(refusesCallTracer(answered(-32000, "tracer not found"))).to.equal(true);
    expect(
      refusesCallTracer(
        answered(
          -32602,
          "Hardhat currently only supports the default tracer, so no tracer parameter should be passed.",
        ),
      ),
    ).to.equal(true);
    expect(refusesCallTracer(answered(-32601, "the method debug_traceCall does not exist/is not available"))).to.equal(
      true,
    );
    expect(
      refusesCallTracer(makeError("unsupported operation", "UNSUPPORTED_OPERATION", { operation: "debug_traceCall" })),
    ).to.equal(true);
    expect(refusesCallTracer(new UnreadableCallTrace("no frame"))).to.equal(true);
  });

  it("reads failures about one call (a missing block, a timeout, funds) as no verdict on the node", () => {
    expect(refusesCallTracer(answered(-32000, "header not found"))).to.equal(false);
    expect(refusesCallTracer(answered(-32000, "execution timeout"))).to.equal(false);
    expect(refusesCallTracer(answered(-32000, "insufficient funds for gas * price + value"))).to.equal(false);
    expect(
      refusesCallTracer(makeError("request timeout", "TIMEOUT", { operation: "request", reason: "timeout" })),
    ).to.equal(false);
  });
});

describe("TracerChoice", () => {
  it("asks again after a probe that failed in transit, and only once it has an answer stops asking", async () => {
    let probes = 0;
    const chosen: string[] = [];
    const choice = new TracerChoice(
      async () => {
        probes++;
        if (probes === 1) throw makeError("request timeout", "TIMEOUT", { operation: "request", reason: "timeout" });
        return true;
      },
      "auto",
      (tracer) => chosen.push(tracer),
    );
    const run = () =>
      choice.run(
        () => Promise.resolve("calls"),
        () => Promise.resolve("steps"),
        () => Promise.resolve("none"),
      );
    let failed = false;
    await run().catch(() => {
      failed = true;
    });
    expect(failed).to.equal(true);
    expect(await run()).to.equal("calls");
    expect(await run()).to.equal("calls");
    expect(probes).to.equal(2);
    expect(chosen).to.deep.equal(["callTracer"]);
  });
});
