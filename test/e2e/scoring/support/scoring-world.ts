import type { ChainReader } from "../../../../src/application/ports/chain-reader.port";
import type { ExplorerHistory } from "../../../../src/application/ports/explorer-history.port";
import { ScoringSettings } from "../../../../src/application/ports/scoring-settings.port";
import { GetSnapshot } from "../../../../src/application/use-cases/scoring/get-snapshot.use-case";
import { ListSnapshots } from "../../../../src/application/use-cases/scoring/list-snapshots.use-case";
import { ScoreAddress } from "../../../../src/application/use-cases/scoring/score-address.use-case";
import { ScoringStats } from "../../../../src/application/use-cases/scoring/scoring-stats";
import { TokenProfileAssembler } from "../../../../src/application/use-cases/scoring/token-profile.assembler";
import { WalletProfileAssembler } from "../../../../src/application/use-cases/scoring/wallet-profile.assembler";
import type { DevWorld, DevWorldManifest } from "../../../../src/dev-world/dev-world";
import { embeddedWorldConfig } from "../../../../src/infrastructure/application";
import { startChainRuntime } from "../../../../src/infrastructure/chain-runtime";
import { buildContainer, runtimeOver, shutDownContainer } from "../../../../src/infrastructure/container";
import { sharedDevWorld } from "../../../integration/dev-world/dev-world-fixture";
import { silentLogger, testConfig } from "../../../support/http-harness";
import { startSuiDevWorld } from "../../../../src/dev-world/sui/sui-dev-world";
import { suiOracleAddress, suiOracleKey } from "../../../../src/infrastructure/sui-runtime";

export interface ScoringRig {
  readonly world: DevWorld;
  readonly manifest: DevWorldManifest;
  readonly settings: ScoringSettings;
  readonly chain: ChainReader;
  readonly explorer: ExplorerHistory;
  readonly scoreAddress: ScoreAddress;
  readonly listSnapshots: ListSnapshots;
  readonly getSnapshot: GetSnapshot;
  readonly stats: ScoringStats;
  readonly tokens: TokenProfileAssembler;
  readonly wallets: WalletProfileAssembler;
  close(): Promise<void>;
}

/**
 * The scoring use cases as the service composes them (the composition root over the shared seeded chain, in the
 * configuration the world implies), resolved from the container: no HTTP, no workers but the chain side's index.
 */
export async function buildScoringRig(world: DevWorld, cacheTtlMs = 30_000): Promise<ScoringRig> {
  const config = await embeddedWorldConfig(
    testConfig({ SCORE_CACHE_TTL_SECONDS: String(Math.round(cacheTtlMs / 1000)) }),
    world,
  );
  const chain = await startChainRuntime(config, silentLogger);
  const container = buildContainer(
    await runtimeOver({
      config,
      logger: silentLogger,
      chain,
      suiChain: startSuiDevWorld(suiOracleAddress(suiOracleKey(config))).chain,
    }),
  );
  return {
    world,
    manifest: world.manifest,
    settings: container.get<ScoringSettings>(ScoringSettings),
    chain: chain.chainReader,
    explorer: chain.explorer,
    scoreAddress: container.get(ScoreAddress),
    listSnapshots: container.get(ListSnapshots),
    getSnapshot: container.get(GetSnapshot),
    stats: container.get(ScoringStats),
    tokens: container.get(TokenProfileAssembler),
    wallets: container.get(WalletProfileAssembler),
    close: async () => {
      await shutDownContainer(container);
      await chain.close();
    },
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
  await (await rig).close();
});
