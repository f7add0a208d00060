import { expect } from "chai";
import pino from "pino";
import { statusOf } from "../../../src/adapters/http/api-error";
import { oracleFailureError } from "../../../src/adapters/http/failure-table";
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
