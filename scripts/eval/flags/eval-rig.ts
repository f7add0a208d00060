import type { GraphSignals } from "../../../src/application/ports/graph-signals.port";
import { NoSharedCache } from "../../../src/adapters/cache/no-shared-cache.adapter";
import { EthCallCapabilityProber } from "../../../src/adapters/chain/eth-call-capability-prober.adapter";
import { EthCallNftCapabilityProber } from "../../../src/adapters/chain/eth-call-nft-capability-prober.adapter";
import { EthersChainReader } from "../../../src/adapters/chain/ethers-chain-reader.adapter";
import { EthersSellSimulator } from "../../../src/adapters/chain/sell-simulator.adapter";
import { SystemClock } from "../../../src/adapters/clock/system-clock.adapter";
import { LocalIndexExplorer } from "../../../src/adapters/explorer/local-index-explorer.adapter";
import { ConfiguredPriceSource } from "../../../src/adapters/price/configured-price-source.adapter";
import { InMemoryStakingAgeResets } from "../../../test/support/staking/in-memory-staking-age-resets.adapter";
import { InMemoryStakingTargetTrust } from "../../../test/support/staking/in-memory-staking-target-trust.adapter";
import { InMemorySnapshotStore } from "../../../src/adapters/storage/in-memory-snapshot-store.adapter";
import { DEFAULT_SCORING_LIMITS, type ScoringSettings } from "../../../src/application/ports/scoring-settings.port";
import { TokenMarketReader } from "../../../src/application/use-cases/market/token-market.reader";
import { ContractProfileAssembler } from "../../../src/application/use-cases/scoring/contract-profile.assembler";
import { NftProfileAssembler } from "../../../src/application/use-cases/scoring/nft-profile.assembler";
import { RelatedWalletScores } from "../../../src/application/use-cases/scoring/related-wallet-scores";
import { ScoreAddress } from "../../../src/application/use-cases/scoring/score-address.use-case";
import { ScoringStats } from "../../../src/application/use-cases/scoring/scoring-stats";
import { AnalyzeStakingInputSource } from "../../../src/application/use-cases/scoring/staking-input.sources";
import { SubjectScorer } from "../../../src/application/use-cases/scoring/subject-scorer";
import { TokenProfileAssembler } from "../../../src/application/use-cases/scoring/token-profile.assembler";
import { WalletProfileAssembler } from "../../../src/application/use-cases/scoring/wallet-profile.assembler";
import { AnalyzeStaking } from "../../../src/application/use-cases/staking/analyze-staking.use-case";
import { stakingSettings } from "../../../src/application/use-cases/staking/staking-settings";
import { type Address, asAddress } from "../../../src/domain/chain/address";
import { USDC_ADDRESS } from "../../../src/dev-world/dev-world";
import type { EvalWorld } from "./eval-world";

/** The flags eval measures the detectors alone: no graph trust feeds its scores (issue 16's eval measures that). */
const NO_GRAPH: GraphSignals = {
  walletInput: () => null,
  layeredFunding: () => null,
  fundingRoots: () => new Map(),
  holderClusters: () => null,
};

export interface EvalRig {
  readonly scoreAddress: ScoreAddress;
  close(): Promise<void>;
}

/** The production scoring use cases over the real chain adapters, pointed at the eval chain. */
export async function buildEvalRig(corpus: EvalWorld): Promise<EvalRig> {
  const { chain: embedded, world } = corpus;
  const weth = asAddress(world.amm.weth.address);
  const settings: ScoringSettings = {
    officialIssuers: [asAddress(USDC_ADDRESS)],
    dexFactories: [asAddress(world.amm.factory.address)],
    dexRouters: [asAddress(world.amm.router.address)],
    quoteTokens: [
      { address: asAddress(USDC_ADDRESS), decimals: 6, unitUsd: 1 },
      { address: weth, decimals: 18, unitUsd: 2_000 },
    ],
    nativeDecimals: 18,
    nativeUnitUsd: 2_000,
    fundingLabels: Object.fromEntries(corpus.exchanges.map((e) => [e as Address, "exchange" as const])),
    stakingContracts: [],
    cacheTtlMs: 0,
    cacheMaxEntries: 10_000,
    limits: DEFAULT_SCORING_LIMITS,
  };
  const chain = new EthersChainReader({ rpcUrl: embedded.rpcUrl, chainId: embedded.chainId });
  const explorer = new LocalIndexExplorer({ rpcUrl: embedded.rpcUrl, pollIntervalMs: 200 });
  await explorer.start();
  const staking = new AnalyzeStakingInputSource(
    new AnalyzeStaking(
      explorer,
      chain,
      new ConfiguredPriceSource(),
      new InMemoryStakingTargetTrust(),
      new InMemoryStakingAgeResets(),
      stakingSettings({ stakingContracts: [] }),
    ),
  );
  const markets = new TokenMarketReader(chain, explorer, settings);
  const wallets = new WalletProfileAssembler(chain, explorer, settings, markets, staking, NO_GRAPH);
  const known = new RelatedWalletScores(wallets);
  const tokens = new TokenProfileAssembler(
    chain,
    explorer,
    settings,
    markets,
    new EthersSellSimulator(chain),
    known,
    staking,
    NO_GRAPH,
    new EthCallCapabilityProber(chain),
  );
  const subjects = new SubjectScorer(
    wallets,
    tokens,
    new NftProfileAssembler(chain, explorer, settings, known, new EthCallNftCapabilityProber(chain)),
    new ContractProfileAssembler(chain, explorer, settings, known),
  );
  const scoreAddress = new ScoreAddress(
    chain,
    subjects,
    new InMemorySnapshotStore(),
    new SystemClock(),
    settings,
    new ScoringStats(),
    new NoSharedCache(),
  );
  return {
    scoreAddress,
    close: async () => {
      await explorer.stop();
      chain.close();
    },
  };
}
