import { expect } from "chai";
import * as TE from "fp-ts/TaskEither";
import { upstreamFailure } from "../../../../src/application/failures";
import type { CallRequest } from "../../../../src/application/ports/chain-reader.port";
import type { ExplorerHistory } from "../../../../src/application/ports/explorer-history.port";
import { SELECTORS } from "../../../../src/application/market/abi-calls";
import { HistoryStakeAgeResets } from "../../../../src/application/use-cases/staking/history-stake-age-resets";
import { stakingSettings } from "../../../../src/application/use-cases/staking/staking-settings";
import { ZERO_ADDRESS, type Address } from "../../../../src/domain/chain/address";
import type { TokenTransfer, TxHash } from "../../../../src/domain/chain/chain-types";
import { DAY } from "../../domain/scoring/support/builders";
import { MarketScript, UNIT } from "../../domain/scoring/support/market-script";
import { FACTORY, USDC, addr, fakeChain, fakeExplorer, ok, settings, word } from "../../../support/fakes/scoring-fakes";

const WALLET = addr(0xa11ce);
const TOKEN = addr(0x70);
const PAIR = addr(0x9a);
const OTHER = addr(0x71);
const PEER = addr(0xbe1);
const STAKING = addr(0x5a);
const HOURS = 3_600;

/** A factory with one USDC pair, for TOKEN only. */
function answer(request: CallRequest) {
  if (request.to === FACTORY && request.data.startsWith(SELECTORS.getPair)) {
    return request.data.includes(TOKEN.slice(2)) && request.data.includes(USDC.slice(2))
      ? ok(word(PAIR))
      : ok(word(ZERO_ADDRESS));
  }
  if (request.to === PAIR && request.data === SELECTORS.token0) return ok(word(TOKEN));
  if (request.to === PAIR && request.data === SELECTORS.getReserves) return ok(word(5_000n), word(9_000n), word(0n));
  return undefined;
}

/** Six holders (the wallet first) buy TOKEN from PAIR over a week, then all sell out within half an hour. */
function exitMarket(): { script: MarketScript; walletSell: TxHash } {
  const s = new MarketScript(TOKEN, PAIR, addr(0xde));
  s.mint(addr(0xde), 1_000_000n);
  s.advance(5, 10).addLiquidity(addr(0xde), 900_000n, 1_000n * UNIT);
  const sellers = [WALLET, addr(0xc1), addr(0xc2), addr(0xc3), addr(0xc4), addr(0xc5)];
  for (const who of sellers) s.advance(40_000, DAY).buy(who, 1_000n);
  s.advance(100_000, 10 * DAY);
  const walletSell = s.advance(60, 300).sell(WALLET, 1_000n);
  for (const who of sellers.slice(1)) s.advance(60, 300).sell(who, 1_000n);
  return { script: s, walletSell };
}

/** `count` round trips of `token`: out to `to`, the same amount back an hour later. */
function roundTrips(token: Address, to: Address, count: number, start: number): TokenTransfer[] {
  return Array.from({ length: count }, (_, i) => {
    const t = start + i * 2 * DAY;
    const out = { standard: "ERC20" as const, token, value: 100n, logIndex: 0, blockNumber: t };
    return [
      { ...out, from: WALLET, to, txHash: `0x${(t * 2).toString(16).padStart(64, "0")}` as TxHash, timestamp: t },
      {
        ...out,
        from: to,
        to: WALLET,
        txHash: `0x${(t * 2 + 1).toString(16).padStart(64, "0")}` as TxHash,
        timestamp: t + HOURS,
      },
    ];
  }).flat();
}

function rig(own: readonly TokenTransfer[], script: MarketScript, overrides: Parameters<typeof settings>[0] = {}) {
  const explorer = fakeExplorer({
    tokenTransfers: { [WALLET]: [...own].sort((a, b) => a.timestamp - b.timestamp) },
    transfersOfToken: { [TOKEN]: script.transfers, [PAIR]: script.lpTransfers },
  });
  // Limits asked for the wallet's and the sold tokens' histories (a pool's LP history is the scoring read).
  const limits: (number | undefined)[] = [];
  const recording: ExplorerHistory = {
    ...explorer,
    tokenTransfersOf: (a, q) => (limits.push(q?.limit), explorer.tokenTransfersOf(a, q)),
    transfersOfToken: (a, q) => (a === PAIR ? undefined : limits.push(q?.limit), explorer.transfersOfToken(a, q)),
  };
  const staking = stakingSettings({ stakingContracts: [STAKING], historyLimit: 321 });
  return {
    explorer,
    limits,
    resets: new HistoryStakeAgeResets(fakeChain({ answer }), recording, settings(overrides), staking),
  };
}

const walletSide = (script: MarketScript): TokenTransfer[] =>
  script.transfers.filter((t) => t.from === WALLET || t.to === WALLET);

describe("HistoryStakeAgeResets", () => {
  it("restarts at the wallet's sell in a synchronized exit, naming the sell", async () => {
    const { script, walletSell } = exitMarket();
    const { resets } = rig(walletSide(script), script);
    const result = await resets.resetsOf(WALLET)();
    const at = script.transfers.find((t) => t.txHash === walletSell)!.timestamp;
    expect(result).to.deep.equal({ _tag: "Right", right: [{ at, reason: "COORDINATED_EXIT", evidence: walletSell }] });
  });

  it("restarts at each wash round trip's return, but not for round trips with a staking contract", async () => {
    const { script } = exitMarket();
    const start = script.time + 30 * DAY;
    const washes = roundTrips(OTHER, PEER, 3, start);
    const { resets } = rig([...roundTrips(OTHER, STAKING, 4, start + 20 * DAY), ...washes], script);
    const result = await resets.resetsOf(WALLET)();
    if (result._tag === "Left") throw new Error("failed");
    const expected = washes
      .filter((t) => t.to === WALLET)
      .map((t) => ({ at: t.timestamp, reason: "WASH_TRADING", evidence: t.txHash }));
    expect(result.right).to.deep.equal(expected);
  });

  it("does not count round trips with the sold token's pool, which it discovers through the factory", async () => {
    const { script } = exitMarket();
    const pooled = roundTrips(TOKEN, PAIR, 3, script.time + 30 * DAY);
    const reasons = async (overrides: Parameters<typeof settings>[0]) => {
      const result = await rig(pooled, script, overrides).resets.resetsOf(WALLET)();
      return result._tag === "Right" ? result.right.map((r) => r.reason) : null;
    };
    // The pool is known: only the exit the wallet also took part in remains.
    expect(await reasons({})).to.deep.equal(["COORDINATED_EXIT"]);
    // Without a factory the pool is unknown, so its round trips look like wash trading (and no sell is seen).
    expect(await reasons({ dexFactories: [] })).to.deep.equal(["WASH_TRADING", "WASH_TRADING", "WASH_TRADING"]);
  });

  it("reads only the tokens the wallet sold, skipping money, bounded, with the staking history limit", async () => {
    const { script } = exitMarket();
    const sold = [USDC, TOKEN, OTHER, addr(0x72)]
      .map((token, i) => roundTrips(token, PEER, 1, script.time + (i + 1) * 10 * DAY))
      .flat();
    const { explorer, limits, resets } = rig(sold, script, { limits: { ...settings().limits, tradedTokens: 2 } });
    await resets.resetsOf(WALLET)();
    const tokenReads = explorer.reads.filter((r) => r.startsWith("transfersOfToken:") && !r.endsWith(PAIR));
    expect(tokenReads).to.deep.equal([`transfersOfToken:${TOKEN}`, `transfersOfToken:${OTHER}`]);
    expect(limits).to.deep.equal([321, 321, 321]);
  });

  it("fails when the explorer fails", async () => {
    const { script } = exitMarket();
    const { resets } = rig([], script);
    const failing = new HistoryStakeAgeResets(
      fakeChain({ answer }),
      { ...fakeExplorer(), tokenTransfersOf: () => TE.left(upstreamFailure("explorer", "down")) },
      settings(),
      stakingSettings(),
    );
    expect((await resets.resetsOf(WALLET)())._tag).to.equal("Right");
    expect((await failing.resetsOf(WALLET)())._tag).to.equal("Left");
  });
});
