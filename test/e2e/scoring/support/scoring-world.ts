import { NoSharedCache } from "../../../../src/adapters/cache/no-shared-cache.adapter";
import { noGraphSignals } from "../../../support/fakes/scoring-fakes";
import { Contract, JsonRpcProvider, Network } from "ethers";
import { EthersChainReader } from "../../../../src/adapters/chain/ethers-chain-reader.adapter";
import { EthCallCapabilityProber } from "../../../../src/adapters/chain/eth-call-capability-prober.adapter";
import { EthCallNftCapabilityProber } from "../../../../src/adapters/chain/eth-call-nft-capability-prober.adapter";
import { EthersSellSimulator } from "../../../../src/adapters/chain/sell-simulator.adapter";
import { SystemClock } from "../../../../src/adapters/clock/system-clock.adapter";
import { LocalIndexExplorer } from "../../../../src/adapters/explorer/local-index-explorer.adapter";
import { InMemorySnapshotStore } from "../../../../src/adapters/storage/in-memory-snapshot-store.adapter";
import { DEFAULT_SCORING_LIMITS, type ScoringSettings } from "../../../../src/application/ports/scoring-settings.port";
import { ContractProfileAssembler } from "../../../../src/application/use-cases/scoring/contract-profile.assembler";
import { GetSnapshot } from "../../../../src/application/use-cases/scoring/get-snapshot.use-case";
import { RelatedWalletScores } from "../../../../src/application/use-cases/scoring/related-wallet-scores";
import { ListSnapshots } from "../../../../src/application/use-cases/scoring/list-snapshots.use-case";
import { NftProfileAssembler } from "../../../../src/application/use-cases/scoring/nft-profile.assembler";
import { ScoreAddress } from "../../../../src/application/use-cases/scoring/score-address.use-case";
import { ScoringStats } from "../../../../src/application/use-cases/scoring/scoring-stats";
import { AnalyzeStakingInputSource } from "../../../../src/application/use-cases/scoring/staking-input.sources";
import { AnalyzeStaking } from "../../../../src/application/use-cases/staking/analyze-staking.use-case";
import { stakingSettings } from "../../../../src/application/use-cases/staking/staking-settings";
import { ConfiguredPriceSource } from "../../../../src/adapters/price/configured-price-source.adapter";
import { InMemoryStakingAgeResets } from "../../../support/staking/in-memory-staking-age-resets.adapter";
import { InMemoryStakingTargetTrust } from "../../../support/staking/in-memory-staking-target-trust.adapter";
import { SubjectScorer } from "../../../../src/application/use-cases/scoring/subject-scorer";
import { TokenMarketReader } from "../../../../src/application/use-cases/market/token-market.reader";
import { TokenProfileAssembler } from "../../../../src/application/use-cases/scoring/token-profile.assembler";
import { WalletProfileAssembler } from "../../../../src/application/use-cases/scoring/wallet-profile.assembler";
import type { DevWorld, DevWorldManifest } from "../../../../src/dev-world/dev-world";
import { sharedDevWorld } from "../../../integration/dev-world/dev-world-fixture";

/** Settings for the embedded world, taken from its manifest: what the container binds in dev mode. */
export function devWorldScoringSettings(manifest: DevWorldManifest, wethUsd: number | null): ScoringSettings {
  const { contracts } = manifest;
  return {
    officialIssuers: [contracts.usdc, contracts.eurc],
    dexFactories: [contracts.uniswapFactory],
    dexRouters: [contracts.uniswapRouter],
    quoteTokens: [
      { address: contracts.usdc, decimals: 6, unitUsd: 1 },
      { address: contracts.weth, decimals: 18, unitUsd: wethUsd },
    ],
    nativeDecimals: 18,
    nativeUnitUsd: wethUsd,
    fundingLabels: {},
    stakingContracts: contracts.stakingContracts,
    cacheTtlMs: 30_000,
    cacheMaxEntries: 10_000,
    limits: DEFAULT_SCORING_LIMITS,
  };
}

/** Dollar price of WETH from the seeded USDC/WETH pool (6 and 18 decimals). */
async function wethUsdFromPool(provider: JsonRpcProvider, manifest: DevWorldManifest): Promise<number> {
  const pair = new Contract(
    manifest.contracts.pairs.usdcWeth,
    ["function getReserves() view returns (uint112, uint112, uint32)", "function token0() view returns (address)"],
    provider,
  );
  const [r0, r1] = (await pair.getFunction("getReserves").staticCall()) as [bigint, bigint];
  const usdcIs0 = String(await pair.getFunction("token0").staticCall()).toLowerCase() === manifest.contracts.usdc;
  const [usdc, weth] = usdcIs0 ? [r0, r1] : [r1, r0];
  return Number(usdc) / 1e6 / (Number(weth) / 1e18);
}

export interface ScoringRig {
  readonly world: DevWorld;
  readonly manifest: DevWorldManifest;
  readonly settings: ScoringSettings;
  readonly chain: EthersChainReader;
  readonly explorer: LocalIndexExplorer;
  readonly scoreAddress: ScoreAddress;
  readonly listSnapshots: ListSnapshots;
  readonly getSnapshot: GetSnapshot;
  readonly stats: ScoringStats;
  readonly tokens: TokenProfileAssembler;
  readonly wallets: WalletProfileAssembler;
}

/** The scoring use-cases wired by hand over the real adapters (no HTTP, no container). */
export async function buildScoringRig(world: DevWorld, cacheTtlMs = 30_000): Promise<ScoringRig> {
  const { chain: embedded, manifest } = world;
  const network = Network.from(embedded.chainId);
  const provider = new JsonRpcProvider(embedded.rpcUrl, network, { staticNetwork: network });
  const settings = { ...devWorldScoringSettings(manifest, await wethUsdFromPool(provider, manifest)), cacheTtlMs };
  provider.destroy();
  const chain = new EthersChainReader({ rpcUrl: embedded.rpcUrl, chainId: embedded.chainId });
  const explorer = new LocalIndexExplorer({ rpcUrl: embedded.rpcUrl, pollIntervalMs: 200 });
  await explorer.start();
  const analyzeStaking = new AnalyzeStaking(
    explorer,
    chain,
    new ConfiguredPriceSource(),
    new InMemoryStakingTargetTrust(),
    new InMemoryStakingAgeResets(),
    stakingSettings({ stakingContracts: manifest.contracts.stakingContracts }),
  );
  const staking = new AnalyzeStakingInputSource(analyzeStaking);
  const markets = new TokenMarketReader(chain, explorer, settings);
  const wallets = new WalletProfileAssembler(chain, explorer, settings, markets, staking, noGraphSignals);
  const known = new RelatedWalletScores(wallets);
  const tokens = new TokenProfileAssembler(
    chain,
    explorer,
    settings,
    markets,
    new EthersSellSimulator(chain),
    known,
    staking,
    noGraphSignals,
    new EthCallCapabilityProber(chain),
  );
  const subjects = new SubjectScorer(
    wallets,
    tokens,
    new NftProfileAssembler(chain, explorer, settings, known, new EthCallNftCapabilityProber(chain)),
    new ContractProfileAssembler(chain, explorer, settings, known),
  );
  const snapshots = new InMemorySnapshotStore();
  const stats = new ScoringStats();
  return {
    world,
    manifest,
    settings,
    chain,
    explorer,
    scoreAddress: new ScoreAddress(chain, subjects, snapshots, new SystemClock(), settings, stats, new NoSharedCache()),
    listSnapshots: new ListSnapshots(snapshots),
    getSnapshot: new GetSnapshot(snapshots),
    stats,
    tokens,
    wallets,
  };
}

let rig: Promise<ScoringRig> | undefined;

/** One rig over the shared seeded world for every scoring e2e file. */
export function scoringRig(): Promise<ScoringRig> {
  rig ??= sharedDevWorld().then((world) => buildScoringRig(world));
  return rig;
}

after(async function () {
  this.timeout(120_000);
  if (rig === undefined) return;
  const { explorer, chain } = await rig;
  await explorer.stop();
  chain.close();
});
