import * as E from "fp-ts/Either";
import pino from "pino";
import { GraphSignals } from "../../../src/application/ports/graph-signals.port";
import { ScoringSettings } from "../../../src/application/ports/scoring-settings.port";
import { ScoreAddress } from "../../../src/application/use-cases/scoring/score-address.use-case";
import { type Address, asAddress } from "../../../src/domain/chain/address";
import { USDC_ADDRESS } from "../../../src/dev-world/dev-world";
import { startChainRuntime } from "../../../src/infrastructure/chain-runtime";
import { type Config, loadConfig, withDefaults } from "../../../src/infrastructure/config/config";
import { buildContainer, runtimeOver, shutDownContainer } from "../../../src/infrastructure/container";
import { startSuiDevWorld } from "../../../src/dev-world/sui/sui-dev-world";
import { suiOracleAddress, suiOracleKey } from "../../../src/infrastructure/sui-runtime";
import type { EvalWorld } from "./eval-world";

/** The flags eval measures the detectors alone: no graph trust feeds its scores (issue 16's eval measures that). */
const NO_GRAPH: GraphSignals = {
  walletInput: () => null,
  layeredFunding: () => null,
  fundingRoots: () => new Map(),
  holderClusters: () => null,
};

/** The Sui side as npm start has it without SUI_GRAPHQL_URL: the embedded ledger (the eval never asks it). */
const embeddedSui = (config: Config) => startSuiDevWorld(suiOracleAddress(suiOracleKey(config))).chain;

export interface EvalRig {
  readonly scoreAddress: ScoreAddress;
  close(): Promise<void>;
}

/**
 * The service's composition root pointed at the eval chain (its markets in the configuration, nothing cached), with
 * what the eval holds fixed on purpose: WETH at $2,000 (no price pool there), the corpus's exchanges labelled, and
 * no graph trust.
 */
export async function buildEvalRig(corpus: EvalWorld): Promise<EvalRig> {
  const { chain: embedded, world } = corpus;
  const usdc = asAddress(USDC_ADDRESS);
  const weth = asAddress(world.amm.weth.address);
  // The embedded default's configuration with the eval chain laid under it, as npm start lays its seeded world's
  // (RPC_URL set by the operator would ask for a production deployment's keys and database).
  const loaded = loadConfig({
    CHAIN_ID: String(embedded.chainId),
    OFFICIAL_ISSUERS: usdc,
    DEX_FACTORY: world.amm.factory.address,
    DEX_ROUTER: world.amm.router.address,
    DEX_QUOTE_TOKENS: `${usdc},${weth}`,
    SCORE_CACHE_TTL_SECONDS: "0",
    // Payments are never asked for here; the configuration needs a payee and a settlement key all the same.
    PAYMENT_PAY_TO: "0x70997970c51812dc3a010c7d01b50e0d17dc79c8",
    PAYMENT_SETTLEMENT_PRIVATE_KEY: "0x" + "11".repeat(32),
  });
  if (E.isLeft(loaded)) throw new Error(loaded.left.join("; "));
  const config = withDefaults(loaded.right, { RPC_URL: [embedded.rpcUrl] });
  const logger = pino({ level: "silent" });
  const chain = await startChainRuntime(config, logger);
  const container = buildContainer(await runtimeOver({ config, logger, chain, suiChain: embeddedSui(config) }));
  const configured = container.get<ScoringSettings>(ScoringSettings);
  container.rebind(ScoringSettings).toConstantValue({
    ...configured,
    quoteTokens: [
      { address: usdc, decimals: 6, unitUsd: 1 },
      { address: weth, decimals: 18, unitUsd: 2_000 },
    ],
    nativeUnitUsd: 2_000,
    fundingLabels: Object.fromEntries(corpus.exchanges.map((e) => [e as Address, "exchange" as const])),
  } satisfies ScoringSettings);
  container.rebind(GraphSignals).toConstantValue(NO_GRAPH);
  return {
    scoreAddress: container.get(ScoreAddress),
    close: async () => {
      await shutDownContainer(container);
      await chain.close();
    },
  };
}
