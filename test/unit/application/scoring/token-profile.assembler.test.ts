import { expect } from "chai";
import type { CallRequest } from "../../../../src/application/ports/chain-reader.port";
import { SELECTORS } from "../../../../src/application/market/abi-calls";
import { RelatedWalletScores } from "../../../../src/application/use-cases/scoring/related-wallet-scores";
import { TokenMarketReader } from "../../../../src/application/market/token-market.reader";
import { TokenProfileAssembler } from "../../../../src/application/use-cases/scoring/token-profile.assembler";
import { WalletProfileAssembler } from "../../../../src/application/use-cases/scoring/wallet-profile.assembler";
import { ZERO_ADDRESS } from "../../../../src/domain/chain/address";
import {
  FACTORY,
  HEAD,
  USDC,
  WETH,
  addr,
  erc20,
  fakeChain,
  fakeExplorer,
  noGraphSignals,
  noStaking,
  ok,
  recordingSimulator,
  unavailableProber,
  settings,
  word,
} from "../../../support/fakes/scoring-fakes";

const TOKEN = addr(0x70);
const PAIR = addr(0x9a);
const DEPLOYER = addr(0xde);
const OWNER = addr(0x0e);
const [ALICE, BOB, CAROL] = [addr(0xa1), addr(0xb0), addr(0xca)];

/** A factory with one USDC pair for TOKEN (token is token1), and an owner() on the token. */
function answer(request: CallRequest) {
  if (request.to === FACTORY && request.data.startsWith(SELECTORS.getPair)) {
    return request.data.includes(USDC.slice(2)) ? ok(word(PAIR)) : ok(word(ZERO_ADDRESS));
  }
  if (request.to === PAIR && request.data === SELECTORS.token0) return ok(word(USDC));
  if (request.to === PAIR && request.data === SELECTORS.getReserves) return ok(word(5_000n), word(9_000n), word(0n));
  if (request.to === TOKEN && request.data === SELECTORS.owner) return ok(word(OWNER));
  return undefined;
}

function assembler(
  explorerData: Parameters<typeof fakeExplorer>[0],
  limits = settings().limits,
  extra: Parameters<typeof settings>[0] = {},
) {
  const chain = fakeChain({ answer });
  const explorer = fakeExplorer(explorerData);
  const config = settings({ limits, ...extra });
  const markets = new TokenMarketReader(chain, explorer, config);
  const known = new RelatedWalletScores(
    new WalletProfileAssembler(chain, explorer, config, markets, noStaking, noGraphSignals),
  );
  const simulator = recordingSimulator();
  return {
    explorer,
    simulator,
    tokens: new TokenProfileAssembler(
      chain,
      explorer,
      config,
      markets,
      simulator,
      known,
      noStaking,
      noGraphSignals,
      unavailableProber,
    ),
  };
}

const T0 = HEAD.timestamp - 30 * 86_400;
const transfers = [
  erc20(1, TOKEN, ZERO_ADDRESS, DEPLOYER, 1_000n, T0),
  erc20(2, TOKEN, DEPLOYER, PAIR, 500n, T0 + 10),
  erc20(3, TOKEN, PAIR, ALICE, 100n, T0 + 100),
  erc20(4, TOKEN, PAIR, BOB, 50n, T0 + 200),
  erc20(5, TOKEN, PAIR, CAROL, 20n, T0 + 300),
];
const holders = [
  { holder: PAIR, balance: 330n },
  { holder: DEPLOYER, balance: 500n },
  { holder: ALICE, balance: 100n },
  { holder: OWNER, balance: 60n },
  { holder: BOB, balance: 50n },
  { holder: CAROL, balance: 20n },
];

describe("TokenProfileAssembler", () => {
  it("finds the pool through the factory for each quote token, oriented to the token's side", async () => {
    const { tokens } = assembler({ transfersOfToken: { [TOKEN]: transfers }, holders: { [TOKEN]: holders } });
    const profile = await tokens.assemble(TOKEN, HEAD)();
    if (profile._tag === "Left") throw new Error(profile.left.detail);
    expect(profile.right.market.pools.map((p) => [p.pool, p.quoteToken, p.tokenReserve, p.quoteReserve])).to.deep.equal(
      [[PAIR, USDC, 9_000n, 5_000n]],
    );
    expect(profile.right.market.owner).to.equal(OWNER);
  });

  it("falls back to the first mint's recipient as deployer when the explorer knows no creation", async () => {
    const { tokens } = assembler({ transfersOfToken: { [TOKEN]: transfers }, holders: { [TOKEN]: holders } });
    const profile = await tokens.assemble(TOKEN, HEAD)();
    expect(profile._tag === "Right" ? [profile.right.creation, profile.right.market.deployer] : null).to.deep.equal([
      null,
      DEPLOYER,
    ]);
    expect(profile._tag === "Right" ? profile.right.deployerWalletScore : null).to.have.keys("score", "tier");
  });

  it("simulates sells by the largest holders that are not the pool, deployer or owner, up to the bound", async () => {
    const limits = { ...settings().limits, simulatedSellers: 2 };
    const { tokens, simulator } = assembler(
      { transfersOfToken: { [TOKEN]: transfers }, holders: { [TOKEN]: holders } },
      limits,
    );
    await tokens.assemble(TOKEN, HEAD)();
    expect(simulator.requests[0]?.sellers.map((s) => [s.address, s.role])).to.deep.equal([
      [ALICE, "holder"],
      [BOB, "holder"],
    ]);
    expect(simulator.requests[0]?.blockNumber).to.equal(HEAD.number);
  });

  it("assesses purchasing holders' quality, bounded by the settings", async () => {
    const limits = { ...settings().limits, holderQuality: 2 };
    const { tokens, explorer } = assembler(
      { transfersOfToken: { [TOKEN]: transfers }, holders: { [TOKEN]: holders } },
      limits,
    );
    const profile = await tokens.assemble(TOKEN, HEAD)();
    const assessed = profile._tag === "Right" ? (profile.right.holderQuality ?? []).map((h) => h.holder) : [];
    expect(assessed).to.have.length(2);
    expect(assessed.every((h) => [ALICE, BOB, CAROL].includes(h))).to.equal(true);
    expect(
      explorer.reads.filter(
        (r) =>
          r === `tokenTransfersOf:${CAROL}` || r === `tokenTransfersOf:${ALICE}` || r === `tokenTransfersOf:${BOB}`,
      ),
    ).to.have.length(2);
  });

  it("compares against WELL_KNOWN_TOKENS too: a configured symbol wins, a bare address's is read on chain", async () => {
    const [WBTC, BARE] = [addr(0x3b7c), addr(0x3b7d)];
    const { tokens } = assembler(
      { transfersOfToken: { [TOKEN]: transfers }, holders: { [TOKEN]: holders } },
      undefined,
      {
        wellKnownTokens: [
          { address: WBTC, symbol: "WBTC" },
          { address: BARE, symbol: null },
          // Already a quote token: listed once, as what it already is.
          { address: USDC, symbol: "USDC" },
        ],
      },
    );
    const profile = await tokens.assemble(TOKEN, HEAD)();
    const references = profile._tag === "Right" ? profile.right.references : [];
    expect(references.find((r) => r.address === WBTC)).to.deep.equal({
      address: WBTC,
      why: "well-known token",
      name: "T",
      symbol: "WBTC",
    });
    expect(references.find((r) => r.address === BARE)?.symbol).to.equal("T");
    expect(references.filter((r) => r.address === USDC)).to.have.length(1);
  });

  it("never asks a factory for a pair of the token with itself", async () => {
    const chain = fakeChain({ answer });
    await new TokenMarketReader(chain, fakeExplorer(), settings()).read(WETH)();
    expect(chain.callsMade.filter((c) => c.to === FACTORY)).to.have.length(1);
  });
});
