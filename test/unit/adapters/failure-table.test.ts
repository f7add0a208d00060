import { expect } from "chai";
import pino from "pino";
import { statusOf } from "../../../src/adapters/http/api-error";
import { oracleFailureError, suiWalletFailureError } from "../../../src/adapters/http/failure-table";
import { upstreamFailure } from "../../../src/application/failures";

const log = pino({ level: "silent" });

describe("failure table: the oracle when a dependency is down", () => {
  it("the payment ledger (PostgreSQL) not answering refuses the paid call with 503, nothing settled", () => {
    const error = oracleFailureError(upstreamFailure("storage", "payment ledger reserve: connection refused"), log);
    expect(error).to.deep.equal({ code: "storage_unavailable" });
    expect(statusOf(error.code)).to.equal(503);
  });

  it("the payment chain not answering stays 502 oracle_unavailable", () => {
    const error = oracleFailureError(upstreamFailure("payment", "verify: timeout"), log);
    expect(error).to.deep.equal({ code: "oracle_unavailable" });
    expect(statusOf(error.code)).to.equal(502);
  });
});

describe("failure table: the Sui app's score-wallet", () => {
  it("a spent write budget is 429 write_budget_exhausted with Retry-After; its store down is 503; the chain down stays 502", () => {
    const exhausted = suiWalletFailureError({ _tag: "WriteBudgetExhausted", retryAfterSeconds: 9_000 }, log);
    expect(exhausted).to.deep.equal({ code: "write_budget_exhausted", headers: { "Retry-After": "9000" } });
    expect(statusOf(exhausted.code)).to.equal(429);
    const down = suiWalletFailureError({ _tag: "WriteBudgetUnavailable" }, log);
    expect([down, statusOf(down.code)]).to.deep.equal([{ code: "storage_unavailable" }, 503]);
    const chain = suiWalletFailureError(
      { _tag: "SuiWalletUpstream", cause: { _tag: "SuiUpstreamFailure", detail: "timeout" } },
      log,
    );
    expect([chain, statusOf(chain.code)]).to.deep.equal([{ code: "sui_unavailable" }, 502]);
  });
});
