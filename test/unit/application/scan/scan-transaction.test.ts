import { expect } from "chai";
import * as E from "fp-ts/Either";
import type * as TE from "fp-ts/TaskEither";
import { upstreamFailure, type UpstreamFailure } from "../../../../src/application/failures";
import type { ChainReader } from "../../../../src/application/ports/chain-reader.port";
import type { ExplorerHistory } from "../../../../src/application/ports/explorer-history.port";
import type { PriceSource } from "../../../../src/application/ports/price-source.port";
import { CounterpartyAssessor } from "../../../../src/application/use-cases/scan/counterparty-assessor";
import type { ScanScore, ScanScores } from "../../../../src/application/use-cases/scan/scan-scores.port";
import { ScanTransaction } from "../../../../src/application/use-cases/scan/scan-transaction.use-case";
import { asAddress } from "../../../../src/domain/chain/address";
import type { Hex, TransactionSimulation } from "../../../../src/domain/chain/chain-types";

const SIGNER = asAddress("0x00000000000000000000000000000000000000a1");
const CALLEE = asAddress("0x00000000000000000000000000000000000000b2");
const empty = { items: [], coverage: { complete: true, items: 0 } } as const;
const failed = upstreamFailure("rpc", "down");

/** A world where the callee is an EOA scored 80; the simulation answers when the test says so. */
function world(options: {
  readonly simulation: E.Either<UpstreamFailure, TransactionSimulation>;
  failReads?: boolean;
}) {
  const log: string[] = [];
  let answer: () => void = () => undefined;
  const simulated = new Promise<void>((resolve) => (answer = resolve));
  const reads = <T>(value: T): TE.TaskEither<UpstreamFailure, T> =>
    options.failReads === true ? () => Promise.reject(new Error("a bug in a read")) : async () => E.right(value);
  const scores: ScanScores = {
    scoreAny: (address) => () => {
      log.push(`score ${address}`);
      if (options.failReads === true) return Promise.reject(new Error("a bug in scoring"));
      return Promise.resolve(E.right<never, ScanScore>({ score: 80, tier: "HIGH", flags: [] }));
    },
  };
  const chain = {
    codeAt: () => reads("0x"),
    block: () => reads({ number: 7, hash: "0x", timestamp: 1_000 }),
    tokenBalance: () => reads(0n),
    simulate: () => async () => {
      log.push("simulation started");
      await simulated;
      log.push("simulation answered");
      return options.simulation;
    },
  } as unknown as ChainReader;
  const explorer = {
    contractCreation: () => reads(null),
    transactionsOf: () => reads(empty),
    tokenTransfersOf: () => reads(empty),
  } as unknown as ExplorerHistory;
  const prices: PriceSource = { usdValue: () => async () => E.right(null) };
  const assessor = new CounterpartyAssessor(scores, chain, explorer, { nowMs: () => 0 });
  return { scan: new ScanTransaction(chain, explorer, prices, assessor), log, answer };
}

const request = { chainId: 1, from: SIGNER, to: CALLEE, value: 5n, data: "0x" as Hex, gas: null };
const nativeSend: TransactionSimulation = {
  blockNumber: 7,
  outcome: { ok: true, returnData: "0x" as Hex },
  effects: { logs: [], valueMoves: [{ from: SIGNER, to: CALLEE, value: 5n }] },
};

describe("ScanTransaction: reads that do not need the simulation", () => {
  it("scores the callee while the simulation runs, and only once", async () => {
    const { scan, log, answer } = world({ simulation: E.right(nativeSend) });
    const running = scan.execute(request)();
    await new Promise((resolve) => setImmediate(resolve));
    answer();
    const result = await running;
    expect(log).to.deep.equal([`score ${CALLEE}`, "simulation started", "simulation answered"]);
    expect(E.isRight(result) && result.right.counterparties).to.deep.equal([
      { address: CALLEE, role: "to", score: 80, tier: "HIGH", flags: [] },
    ]);
  });

  it("a failed simulation is the scan's failure, and the early reads' failures go nowhere unhandled", async () => {
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.prependListener("unhandledRejection", record);
    try {
      const { scan, answer } = world({ simulation: E.left(failed), failReads: true });
      answer();
      const result = await scan.execute(request)();
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(result).to.deep.equal(E.left({ _tag: "ScanFailed", detail: "simulation: down" }));
      expect(unhandled).to.deep.equal([]);
    } finally {
      process.removeListener("unhandledRejection", record);
    }
  });
});
