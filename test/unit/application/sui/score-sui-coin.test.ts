import { expect } from "chai";
import * as E from "fp-ts/Either";
import * as TE from "fp-ts/TaskEither";
import { suiUpstream, type SuiChain } from "../../../../src/application/ports/sui-chain.port";
import { ScoreSuiCoin } from "../../../../src/application/use-cases/sui/score-sui-coin.use-case";
import { asCoinType, asSuiAddress } from "../../../../src/domain/sui/sui-address";
import type { SuiCoinInfo } from "../../../../src/domain/sui/sui-facts";

const NOW = 1_800_000_000_000;
const coinType = asCoinType("0xabc::coin::COIN");
const info: SuiCoinInfo = {
  coinType,
  metadata: { name: "Coin", symbol: "COIN", description: "", iconUrl: null, decimals: 9 },
  metadataCapExists: false,
  supply: { totalSupply: 10n, state: "fixed", capHolder: null },
  regulation: null,
  publishedAtMs: NOW - 400 * 86_400_000,
  holders: null,
};

/** A SuiChain that counts coin reads and can be made to fail. */
function chain(state: { reads: number; failing: boolean }): SuiChain {
  const never = () => TE.left(suiUpstream("not used"));
  return {
    coinInfo: () => {
      state.reads++;
      return state.failing ? TE.left(suiUpstream("down")) : TE.right(info);
    },
    writeGasBudget: 0n,
    chainNow: () => TE.right({ epoch: 1n, timestampMs: NOW }),
    addressActivity: never,
    simulateViews: never,
    scoreUpdateDigest: never,
    writeScore: never,
  };
}

describe("ScoreSuiCoin", () => {
  it("serves a score from memory until nextRescoreAt (wall clock), then reads the chain again", async () => {
    const state = { reads: 0, failing: false };
    let wall = 1_000_000;
    const useCase = new ScoreSuiCoin(chain(state), { nowMs: () => wall }, { verifiedCoins: new Set() });
    const first = await useCase.execute(coinType)();
    await useCase.execute(coinType)();
    expect(state.reads).to.equal(1);
    wall = Date.parse(E.isRight(first) ? first.right.nextRescoreAt : "") + 1;
    await useCase.execute(coinType)();
    expect(state.reads).to.equal(2);
  });

  it("shares one read between concurrent requests and never caches a failure", async () => {
    const state = { reads: 0, failing: true };
    const useCase = new ScoreSuiCoin(chain(state), { nowMs: () => 0 }, { verifiedCoins: new Set() });
    const answers = await Promise.all([useCase.execute(coinType)(), useCase.execute(coinType)()]);
    expect(state.reads).to.equal(1);
    expect(answers.every((a) => E.isLeft(a) && a.left._tag === "CoinUpstream")).to.equal(true);
    state.failing = false;
    expect(E.isRight(await useCase.execute(coinType)())).to.equal(true);
    expect(state.reads).to.equal(2);
  });

  it("answers CoinNotFound when the chain knows no such coin", async () => {
    const base = chain({ reads: 0, failing: false });
    const useCase = new ScoreSuiCoin(
      { ...base, coinInfo: () => TE.right(null) },
      { nowMs: () => 0 },
      { verifiedCoins: new Set() },
    );
    expect(await useCase.execute(asCoinType(`${asSuiAddress("0x9")}::x::X`))()).to.deep.equal(
      E.left({ _tag: "CoinNotFound" }),
    );
  });
});
