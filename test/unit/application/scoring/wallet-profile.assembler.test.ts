import { expect } from "chai";
import { TokenMarketReader } from "../../../../src/application/market/token-market.reader";
import { WalletProfileAssembler } from "../../../../src/application/use-cases/scoring/wallet-profile.assembler";
import * as TE from "fp-ts/TaskEither";
import { upstreamFailure } from "../../../../src/application/failures";
import {
  HEAD,
  USDC,
  addr,
  erc20,
  fakeChain,
  fakeExplorer,
  noGraphSignals,
  noStaking,
  settings,
  tx,
} from "../../../support/fakes/scoring-fakes";

const WALLET = addr(0x1);
const FUNDER = addr(0xf0);
const tokens = [addr(0x71), addr(0x72), addr(0x73)];
const T0 = HEAD.timestamp - 100 * 86_400;

const explorerData = {
  transactions: {
    [WALLET]: [
      tx(1, FUNDER, WALLET, 10n ** 18n, T0),
      tx(2, WALLET, null, 0n, T0 + 60, { contractCreated: addr(0xc1) }),
      tx(3, WALLET, null, 0n, T0 + 120, { contractCreated: addr(0xc2) }),
    ],
    [FUNDER]: [tx(1, FUNDER, WALLET, 10n ** 18n, T0)],
  },
  tokenTransfers: {
    [WALLET]: [
      erc20(4, USDC, addr(0x99), WALLET, 5n, T0 + 200),
      erc20(5, tokens[0]!, addr(0x98), WALLET, 5n, T0 + 300),
      erc20(6, tokens[0]!, addr(0x98), WALLET, 5n, T0 + 301),
      erc20(7, tokens[1]!, addr(0x98), WALLET, 5n, T0 + 400),
      erc20(8, tokens[2]!, addr(0x98), WALLET, 5n, T0 + 500),
    ],
  },
};

function assembler(limits = settings().limits, staking = noStaking) {
  const chain = fakeChain({ kinds: { [addr(0xc1)]: "erc20", [addr(0xc2)]: "contract" } });
  const explorer = fakeExplorer(explorerData);
  const config = settings({ limits, fundingLabels: { [FUNDER]: "faucet" } });
  return {
    explorer,
    wallets: new WalletProfileAssembler(
      chain,
      explorer,
      config,
      new TokenMarketReader(chain, explorer, config),
      staking,
      noGraphSignals,
    ),
  };
}

describe("WalletProfileAssembler", () => {
  it("reads traded tokens' markets (money excluded), most traded first, and counts what the bound skipped", async () => {
    const { wallets } = assembler({ ...settings().limits, tradedTokens: 2 });
    const profile = await wallets.assemble(WALLET, HEAD)();
    if (profile._tag === "Left") throw new Error(profile.left.detail);
    expect(profile.right.tradedTokens.map((t) => t.market.token)).to.deep.equal([tokens[0], tokens[1]]);
    expect(profile.right.tradedTokensSkipped).to.equal(1);
  });

  it("examines deployments (an ERC-20 with its market) and labels the funder from configuration", async () => {
    const { wallets } = assembler({ ...settings().limits, deployments: 1 });
    const profile = await wallets.assemble(WALLET, HEAD)();
    if (profile._tag === "Left") throw new Error(profile.left.detail);
    expect(profile.right.deployments.map((d) => [d.contract, d.market?.token ?? null])).to.deep.equal([
      [addr(0xc1), addr(0xc1)],
    ]);
    expect(profile.right.deploymentsSkipped).to.equal(1);
    expect(profile.right.funding).to.include({ funder: FUNDER, funderLabel: "faucet" });
  });

  it("feeds the staking signal into the profile", async () => {
    const staking = { stakingOf: () => TE.right({ scoreBoost: 4, gamingFlags: [] }) };
    const profile = await assembler(settings().limits, staking).wallets.assemble(WALLET, HEAD)();
    expect(profile._tag === "Right" ? profile.right.staking : null).to.deep.equal({ scoreBoost: 4, gamingFlags: [] });
  });

  it("reads the histories of at most 20 receivers of zero-value transfers or dust, newest first, and counts the rest", async () => {
    const sender = addr(0x5e);
    const victims = Array.from({ length: 22 }, (_, i) => addr(0x1000 + i));
    const data = {
      tokenTransfers: {
        // transferFrom(victim, sender, 0) for each victim, one block apart; and one real payment, not a candidate.
        [sender]: [
          ...victims.map((victim, i) => erc20(100 + i, USDC, victim, sender, 0n, T0 + i)),
          erc20(200, USDC, sender, addr(0x77), 5_000_000n, T0 + 50),
        ],
        [victims[21]!]: [erc20(300, USDC, victims[21]!, addr(0x88), 9_000_000n, T0 - 10)],
      },
    };
    const chain = fakeChain();
    const recorded = fakeExplorer(data);
    // One victim's history cannot be read: it counts with the skipped and the wallet is still scored.
    const explorer = {
      ...recorded,
      tokenTransfersOf: (a: Parameters<typeof recorded.tokenTransfersOf>[0]) =>
        a === victims[15] ? TE.left(upstreamFailure("explorer", "down")) : recorded.tokenTransfersOf(a),
    };
    const config = settings();
    const wallets = new WalletProfileAssembler(
      chain,
      explorer,
      config,
      new TokenMarketReader(chain, explorer, config),
      noStaking,
      noGraphSignals,
    );
    const profile = await wallets.assemble(sender, HEAD)();
    if (profile._tag === "Left") throw new Error(profile.left.detail);
    const read = profile.right.poisoningVictims ?? [];
    const newest20 = [...victims].reverse().slice(0, 20);
    expect(read.map((v) => v.victim)).to.deep.equal(newest20.filter((v) => v !== victims[15]));
    expect(read[0]!.tokenTransfers.map((t) => t.to)).to.deep.equal([addr(0x88)]);
    expect(profile.right.poisoningVictimsSkipped).to.equal(3);
    expect(recorded.reads)
      .to.include(`transactionsOf:${victims[2]}`)
      .and.to.not.include(`transactionsOf:${victims[1]}`);

    const light = await wallets.assemble(sender, HEAD, "light")();
    expect(light._tag === "Right" ? light.right.poisoningVictims : "left").to.equal(undefined);
  });

  it("light depth reads only the wallet's own history and states every skip", async () => {
    const { wallets, explorer } = assembler();
    const profile = await wallets.assemble(WALLET, HEAD, "light")();
    if (profile._tag === "Left") throw new Error(profile.left.detail);
    expect([
      profile.right.tradedTokensSkipped,
      profile.right.deploymentsSkipped,
      profile.right.funding,
      profile.right.staking,
    ]).to.deep.equal([3, 2, null, null]);
    expect(explorer.reads.every((r) => r.endsWith(WALLET))).to.equal(true);
  });
});
